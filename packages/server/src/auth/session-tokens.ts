import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { SessionExpiredError, SessionInvalidError } from '../errors';
import { uuidSchema } from '../http/schemas';
import type { Session } from './session';
import type { SessionSecret } from './session-secret';

const ALGORITHM = 'HS256';
const ISSUER = 'kith';
const AUDIENCE = 'kith:session';

/** What a verified token must carry beyond the registered claims. */
const claimsSchema = z.object({
  sub: uuidSchema,
  name: z.string().min(1).max(100),
  agents: z.array(uuidSchema).max(100).optional(),
  anon: z.boolean().optional(),
  exp: z.number().int(),
});

/** Session tokens: JWTs signed with HS256 by the server's session secret (jose). */
export class SessionTokens {
  constructor(private readonly secret: SessionSecret) {}

  /** A signed token for the session (creating the secret file if the secret comes from the data folder). */
  async issue(session: Omit<Session, 'expiresAt'>, ttlSeconds: number): Promise<{ token: string; expiresAt: number }> {
    const key = this.secret.get(true);
    if (!key) throw new Error('the session secret could not be created');
    const now = Math.floor(Date.now() / 1000);
    const exp = now + ttlSeconds;
    const token = await new SignJWT({
      name: session.userName,
      ...(session.agentIds ? { agents: session.agentIds } : {}),
      ...(session.anonymous ? { anon: true } : {}),
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(session.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(key);
    return { token, expiresAt: exp * 1000 };
  }

  /**
   * The session a token names. SessionExpiredError when it was ours but its
   * time is up; SessionInvalidError for anything else (bad signature, another
   * algorithm, `alg: none`, garbage, a secret rotated since): never a 500.
   */
  async verify(token: string): Promise<Session> {
    const key = this.secret.get(false);
    if (!key || token.length > 8192) throw new SessionInvalidError();
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new SessionExpiredError();
      throw new SessionInvalidError({ cause: error });
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) throw new SessionInvalidError();
    const { sub, name, agents, anon, exp } = claims.data;
    return {
      userId: sub,
      userName: name,
      ...(agents ? { agentIds: agents } : {}),
      anonymous: anon === true,
      expiresAt: exp * 1000,
    };
  }
}
