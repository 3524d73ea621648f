import { ADMIN_KEY, SESSION_SECRET } from '../testing/session-server';
import { startTestServer } from '../testing/test-server';

describe('KITH_SERVER_CORS_ORIGINS with sessions: a page on another site may send the session token', () => {
  it('allows the Authorization header from a listed origin, and nothing to another origin', async () => {
    const { server, url } = await startTestServer({
      authToken: ADMIN_KEY,
      sessions: { secret: SESSION_SECRET, publicSessions: true },
      env: { KITH_SERVER_CORS_ORIGINS: 'https://shop.example' },
    });
    try {
      const preflight = (origin: string) =>
        fetch(`${url}/api/sessions`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization,content-type',
          },
        });
      const listed = await preflight('https://shop.example');
      expect(listed.status).toBe(204);
      expect(listed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
      expect(listed.headers.get('access-control-allow-headers')?.split(/,\s*/)).toEqual(
        expect.arrayContaining(['authorization', 'content-type']),
      );
      const other = await preflight('https://elsewhere.example');
      expect(other.headers.get('access-control-allow-origin')).toBeNull();

      const created = await fetch(`${url}/api/sessions`, {
        method: 'POST',
        headers: { origin: 'https://shop.example', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    } finally {
      await server.close();
    }
  });
});
