import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { createServer } from '../create-server';
import { http } from '../testing/http-client';
import { ADMIN_KEY, SESSION_SECRET, startSessionServer, type SessionTestServer } from '../testing/session-server';
import { startTestServer } from '../testing/test-server';
import { SESSION_SECRET_FILE } from './session-secret';

const SEED = 20261128;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token as an attacker would forge it: any header and payload, signed (or not) with any key. */
async function forge(
  claims: Record<string, unknown>,
  options: { secret?: string; alg?: 'HS256' | 'HS512'; exp?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setIssuer('kith')
    .setAudience('kith:session')
    .setIssuedAt(now - 60)
    .setExpirationTime(options.exp ?? now + 3600)
    .sign(Buffer.from(options.secret ?? SESSION_SECRET));
}

describe('session tokens: bad ones are refused with a code, never a 500, never data', () => {
  let server: SessionTestServer;
  let good: { token: string; userId: string };
  let agentsPath: string;

  beforeAll(async () => {
    server = await startSessionServer();
    good = await server.mint({ userName: 'Ann', agentIds: [server.agentX] });
    agentsPath = `/api/agents/${server.agentX}/rooms`;
  }, 60_000);

  afterAll(() => server?.stop());

  const asBearer = (token: string) => http(server.url, agentsPath, { headers: { authorization: `Bearer ${token}` } });
  const refused = (response: { status: number; body: unknown }, code: string) =>
    expect([response.status, response.body]).toEqual([401, { error: { code, message: expect.any(String) } }]);

  it('lets the good token in', async () => {
    expect((await asBearer(good.token)).status).toBe(200);
  });

  it('refuses tampered, alg none, other algorithms, wrong secrets, garbage and expired tokens', async () => {
    const [header, payload, signature] = good.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const invalid = [
      `${header}.${b64({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${signature}`,
      `${header}.${b64({ ...claims, agents: undefined })}.${signature}`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
      `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
      await forge({ sub: good.userId, name: 'Ann' }, { alg: 'HS512' }),
      await forge({ sub: good.userId, name: 'Ann' }, { secret: 'another secret of enough length 0123456789' }),
      // Signed right, but not a session: no name, a bad user id.
      await forge({ sub: good.userId }),
      await forge({ sub: 'admin', name: 'Ann' }),
      '',
      'garbage',
      'a.b.c',
      '...',
      `${header}.${payload}`,
      `${good.token}.extra`,
      'x'.repeat(10_000),
    ];
    for (const token of invalid) refused(await asBearer(token), 'KITH_SESSION_INVALID');
    refused(
      await asBearer(await forge({ sub: good.userId, name: 'Ann' }, { exp: Math.floor(Date.now() / 1000) - 5 })),
      'KITH_SESSION_EXPIRED',
    );
    // Not a bearer scheme at all.
    refused(
      await http(server.url, agentsPath, { headers: { authorization: `Basic ${good.token}` } }),
      'KITH_SESSION_INVALID',
    );
  });

  it('refuses seeded random mutations of a good token', async () => {
    // The signature's last character also carries padding bits that decoding drops: left alone.
    const mutable = good.token.length - 1;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: mutable - 1 }), fc.constantFrom(...alphabet)), { minLength: 1, maxLength: 4 }),
        async (edits) => {
          const chars = [...good.token];
          for (const [at, char] of edits) chars[at] = char;
          const token = chars.join('');
          fc.pre(token !== good.token);
          tried += 1;
          const response = await asBearer(token);
          expect([response.status, Object.keys(response.body as object)]).toEqual([401, ['error']]);
          expect(['KITH_SESSION_INVALID', 'KITH_SESSION_EXPIRED']).toContain(
            (response.body as { error: { code: string } }).error.code,
          );
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
    expect(tried).toBeGreaterThan(100);
  });

  it('refuses a session token sent as the admin key, a session asking for sessions, and agents it may not use', async () => {
    const asKey = await http(server.url, '/api/agents', { headers: { 'x-api-key': good.token } });
    expect([asKey.status, asKey.body.error.code]).toEqual([401, 'KITH_UNAUTHORIZED']);
    const bearer = { authorization: `Bearer ${good.token}` };
    const minting = await http(server.url, '/api/sessions', { body: { userName: 'Eve' }, headers: bearer });
    expect([minting.status, minting.body.error.code]).toEqual([403, 'KITH_FORBIDDEN']);
    const other = await http(server.url, `/api/agents/${server.agentY}/messages`, {
      body: { text: 'hi' },
      headers: bearer,
    });
    expect([other.status, other.body.error.code]).toEqual([403, 'KITH_FORBIDDEN']);
    const listed = await http(server.url, '/api/agents', { headers: bearer });
    expect(listed.body.agents.map((agent: { id: string }) => agent.id)).toEqual([server.agentX]);
    // A session that names an agent this server does not run cannot be asked for.
    const unknown = await http(server.url, '/api/sessions', {
      body: { userName: 'Ann', agentIds: ['00000000-0000-4000-8000-000000000000'] },
      headers: { 'x-api-key': ADMIN_KEY },
    });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'KITH_AGENT_NOT_FOUND']);
  });

  it('gives anonymous sessions a new user each, never a chosen one', async () => {
    const first = await server.anonymous();
    const second = await server.anonymous();
    expect(first.userId).not.toBe(second.userId);
    const chosen = await http(server.url, '/api/sessions', { body: { userId: good.userId } });
    expect([chosen.status, chosen.body.error.code]).toEqual([403, 'KITH_FORBIDDEN']);
  });
});

describe('session settings', () => {
  it('rate-limits anonymous sessions per address', async () => {
    const server = await startSessionServer({
      sessions: { secret: SESSION_SECRET, publicSessions: true, anonymousPerMinute: 3 },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await http(server.url, '/api/sessions', { body: {} })).status);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
    } finally {
      await server.stop();
    }
  });

  it('gives no anonymous session when public sessions are off, and refuses public sessions without an admin key', async () => {
    const server = await startSessionServer({ sessions: { secret: SESSION_SECRET } });
    try {
      const anonymous = await http(server.url, '/api/sessions', { body: {} });
      expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'KITH_UNAUTHORIZED']);
    } finally {
      await server.stop();
    }
    await expect(createServer({ env: { KITH_PUBLIC_SESSIONS: 'true' } })).rejects.toThrow(
      /public sessions need KITH_SERVER_AUTH_TOKEN/,
    );
    await expect(createServer({ env: { KITH_SESSION_SECRET: 'short' } })).rejects.toThrow(/at least 32 bytes/);
  });

  it('generates the secret into the data folder (0600), keeps sessions across restarts, and rotating it ends them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kith-secret-'));
    const start = (env: Record<string, string>) => startTestServer({ authToken: ADMIN_KEY, env });
    try {
      let running = await start({ KITH_DATA_DIR: dataDir });
      const minted = await http(running.url, '/api/sessions', {
        body: { userName: 'Ann' },
        headers: { 'x-api-key': ADMIN_KEY },
      });
      expect(minted.status).toBe(201);
      expect(statSync(join(dataDir, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600);
      const bearer = { authorization: `Bearer ${minted.body.token}` };
      await running.server.close();

      running = await start({ KITH_DATA_DIR: dataDir });
      expect((await http(running.url, '/api/agents', { headers: bearer })).status).toBe(200);
      await running.server.close();

      // A new secret (the variable wins over the file): the old session ends cleanly.
      running = await start({ KITH_DATA_DIR: dataDir, KITH_SESSION_SECRET: 'a rotated secret of enough length 0123' });
      const after = await http(running.url, '/api/agents', { headers: bearer });
      expect([after.status, after.body]).toEqual([
        401,
        { error: { code: 'KITH_SESSION_INVALID', message: expect.any(String) } },
      ]);
      await running.server.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
