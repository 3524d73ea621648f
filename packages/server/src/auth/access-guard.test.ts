import { http } from '../testing/http-client';
import { ADMIN_KEY, SESSION_SECRET } from '../testing/session-server';
import { startTestServer } from '../testing/test-server';
import { resolveSessionSettings } from './session-settings';

describe('the access guard', () => {
  it('keeps an /api route that declares no access to the admin key, and declared ones to their rule', async () => {
    const { server, url } = await startTestServer({
      authToken: ADMIN_KEY,
      sessions: { secret: SESSION_SECRET },
      configure: (app) => {
        app.get('/api/extra', async () => ({ extra: true }));
        app.get('/api/extra-public', { config: { access: 'public' } }, async () => ({ open: true }));
        // Declared for sessions but with no session policy: sessions are refused, not let through.
        app.get('/api/extra-session', { config: { access: 'session' } }, async () => ({ session: true }));
        app.get('/elsewhere', async () => ({ static: true }));
      },
    });
    try {
      const minted = await http(url, '/api/sessions', {
        body: { userName: 'Ann' },
        headers: { 'x-api-key': ADMIN_KEY },
      });
      const as = {
        none: {},
        session: { authorization: `Bearer ${minted.body.token}` },
        admin: { 'x-api-key': ADMIN_KEY },
      };
      const statuses = async (path: string) => [
        (await http(url, path, { headers: as.none })).status,
        (await http(url, path, { headers: as.session })).status,
        (await http(url, path, { headers: as.admin })).status,
      ];
      expect(await statuses('/api/extra')).toEqual([401, 403, 200]);
      expect(await statuses('/api/extra-public')).toEqual([200, 200, 200]);
      expect(await statuses('/api/extra-session')).toEqual([401, 403, 200]);
      // Outside /api (static files, a configure route), nothing is asked.
      expect(await statuses('/elsewhere')).toEqual([200, 200, 200]);
    } finally {
      await server.close();
    }
  });

  it('treats every request as admin when no admin key is set, but a session stays a session', async () => {
    const { server, url } = await startTestServer({ sessions: { secret: SESSION_SECRET } });
    try {
      expect((await http(url, '/api/docs')).status).toBe(200);
      const minted = await http(url, '/api/sessions', { body: { userName: 'Ann' } });
      expect(minted.status).toBe(201);
      const asSession = await http(url, '/api/docs', { headers: { authorization: `Bearer ${minted.body.token}` } });
      expect([asSession.status, asSession.body.error.code]).toEqual([403, 'KITH_FORBIDDEN']);
    } finally {
      await server.close();
    }
  });
});

describe('resolveSessionSettings', () => {
  const resolve = (env: Record<string, string>) => resolveSessionSettings({}, env, ADMIN_KEY);

  it('reads KITH_PUBLIC_SESSIONS and KITH_PUBLIC_SESSIONS_PER_MINUTE, and says which variable is wrong', () => {
    expect(resolve({}).publicSessions).toBe(false);
    expect(resolve({ KITH_PUBLIC_SESSIONS: 'true', KITH_PUBLIC_SESSIONS_PER_MINUTE: '3' })).toMatchObject({
      publicSessions: true,
      anonymousPerMinute: 3,
    });
    expect(() => resolve({ KITH_PUBLIC_SESSIONS: 'maybe' })).toThrow(/KITH_PUBLIC_SESSIONS: must be true or false/);
    expect(() => resolve({ KITH_PUBLIC_SESSIONS_PER_MINUTE: 'many' })).toThrow(
      /KITH_PUBLIC_SESSIONS_PER_MINUTE: must be a whole number/,
    );
    expect(() => resolveSessionSettings({}, { KITH_PUBLIC_SESSIONS: 'on' }, undefined)).toThrow(
      /need KITH_SERVER_AUTH_TOKEN/,
    );
    expect(() => resolveSessionSettings({ ttlSeconds: 0 }, {}, ADMIN_KEY)).toThrow(/sessions.ttlSeconds/);
  });
});
