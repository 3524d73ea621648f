import { LruMap, randomUuid } from '@kith/core';
import { z } from 'zod';
import { MAX_SESSION_TTL_SECONDS } from '../auth/session-settings';
import type { ApiApp } from '../http/api-app';
import { errorBodySchema, uuidSchema } from '../http/schemas';
import type { ServerContext } from '../server-context';
import { WindowCounter } from '../ws/window-counter';
import { ForbiddenError, RateLimitedError, RequestValidationError, UnauthorizedError } from '../errors';

const ANONYMOUS_WINDOW_MS = 60_000;

const createSessionBodySchema = z.strictObject({
  userName: z.string().trim().min(1).max(100).optional().meta({
    description: "The user's display name (required with the admin key; an anonymous visitor may choose one)",
  }),
  userId: uuidSchema.optional().meta({
    description:
      "The user's entity id, to keep a user's conversations across sessions (admin key only; default: a new one)",
  }),
  agentIds: z
    .array(uuidSchema)
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'The agents the session may talk to (default: every agent)' }),
  ttlSeconds: z.number().int().min(1).max(MAX_SESSION_TTL_SECONDS).optional().meta({
    description: 'Lifetime (default a day with the admin key, a week for an anonymous session)',
  }),
});

const sessionSchema = z.object({
  token: z.string().meta({ description: 'Send as Authorization: Bearer <token> (WebSocket: also ?token=)' }),
  userId: z.string(),
  userName: z.string(),
  agentIds: z.array(z.string()).optional(),
  anonymous: z.boolean(),
  expiresAt: z.number().meta({ description: 'Epoch ms' }),
});

/** POST /api/sessions: an end-user session, minted with the admin key or (KITH_PUBLIC_SESSIONS) anonymously. */
export function registerSessionRoutes(app: ApiApp, { agents, sessions }: ServerContext): void {
  const perAddress = new LruMap<string, WindowCounter>(10_000);

  app.route({
    method: 'POST',
    url: '/api/sessions',
    config: { access: 'public' },
    schema: {
      operationId: 'createSession',
      summary: 'An end-user session: a signed token that sees only its own conversations',
      description:
        "With the admin key: a session for the user named in the body (a site's backend mints one per visitor). Without a key, when the server has KITH_PUBLIC_SESSIONS=true: an anonymous session with a new user id, rate-limited per address. A session sends messages to its agents in its own rooms and channels and reads only those; every other route refuses it.",
      tags: ['sessions'],
      body: createSessionBodySchema,
      response: {
        201: sessionSchema.describe('The session'),
        400: errorBodySchema.describe('Bad input'),
        401: errorBodySchema.describe('No admin key, and public sessions are off'),
        403: errorBodySchema.describe('A session asked for a session, or an anonymous one for a user id'),
        404: errorBodySchema.describe('An agent id this server does not run'),
        429: errorBodySchema.describe('Too many anonymous sessions from this address'),
      },
    },
    handler: async (request, reply) => {
      const { body } = request;
      const principal = request.principal ?? { kind: 'none' as const };
      if (principal.kind === 'session') throw new ForbiddenError('issue sessions');
      if (principal.kind === 'none') {
        if (principal.refused) throw principal.refused;
        if (!sessions.settings.publicSessions) throw new UnauthorizedError();
        if (body.userId)
          throw new ForbiddenError(
            'choose its user id',
            'an anonymous session gets a new one; the admin key may name one',
          );
        let counter = perAddress.get(request.ip);
        if (!counter)
          perAddress.set(
            request.ip,
            (counter = new WindowCounter(sessions.settings.anonymousPerMinute, ANONYMOUS_WINDOW_MS)),
          );
        if (!counter.take())
          throw new RateLimitedError(
            counter.max,
            counter.windowMs,
            counter.retryAfterMs(),
            'KITH_PUBLIC_SESSIONS_PER_MINUTE',
          );
      } else if (!body.userName) {
        throw new RequestValidationError('body.userName', 'is required: the name the user goes by');
      }
      for (const agentId of body.agentIds ?? []) agents.require(agentId);
      const anonymous = principal.kind === 'none';
      const userId = (anonymous ? undefined : body.userId) ?? randomUuid();
      const session = {
        userId,
        userName: body.userName ?? `visitor-${userId.slice(0, 6)}`,
        ...(body.agentIds ? { agentIds: [...new Set(body.agentIds)] } : {}),
        anonymous,
      };
      const { ttlSeconds, anonymousTtlSeconds } = sessions.settings;
      // An anonymous visitor may ask for a shorter session, never a longer one.
      const ttl = anonymous
        ? Math.min(body.ttlSeconds ?? anonymousTtlSeconds, anonymousTtlSeconds)
        : (body.ttlSeconds ?? ttlSeconds);
      const { token, expiresAt } = await sessions.tokens.issue(session, ttl);
      reply.code(201);
      return { token, ...session, expiresAt };
    },
  });
}
