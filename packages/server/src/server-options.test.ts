import path from 'node:path';
import { http } from './testing/http-client';
import { startTestServer } from './testing/test-server';
import { DEFAULT_BODY_LIMIT, DEFAULT_RATE_LIMIT, resolveServerSettings } from './server-options';

describe('resolveServerSettings', () => {
  it('uses options first, then KITH_SERVER_* variables, then defaults', () => {
    expect(resolveServerSettings({ env: {} })).toEqual({
      authToken: undefined,
      trustProxy: false,
      cors: false,
      rateLimit: DEFAULT_RATE_LIMIT,
      bodyLimit: DEFAULT_BODY_LIMIT,
      healthCheckTimeoutMs: 2000,
    });
    const env = {
      KITH_SERVER_AUTH_TOKEN: 'tok',
      KITH_SERVER_CORS_ORIGINS: 'http://a.test, http://b.test',
      KITH_SERVER_RATE_LIMIT_MAX: '10',
      KITH_SERVER_RATE_LIMIT_WINDOW_MS: '1000',
      KITH_SERVER_BODY_LIMIT: '2048',
    };
    expect(resolveServerSettings({ env })).toMatchObject({
      authToken: 'tok',
      cors: ['http://a.test', 'http://b.test'],
      rateLimit: { max: 10, timeWindowMs: 1000 },
      bodyLimit: 2048,
    });
    expect(resolveServerSettings({ env, authToken: 'mine', cors: '*', rateLimit: false, bodyLimit: 10 })).toMatchObject(
      { authToken: 'mine', cors: '*', rateLimit: false, bodyLimit: 10 },
    );
    expect(
      resolveServerSettings({ env: { KITH_SERVER_RATE_LIMIT_MAX: '0', KITH_SERVER_CORS_ORIGINS: '*' } }),
    ).toMatchObject({ rateLimit: false, cors: '*' });
  });

  it('reads KITH_SERVER_TRUST_PROXY as true, a hop count or proxy addresses', () => {
    const trust = (value: string) => resolveServerSettings({ env: { KITH_SERVER_TRUST_PROXY: value } }).trustProxy;
    expect(trust('true')).toBe(true);
    expect(trust('off')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => trust('the proxy')).toThrow(/KITH_SERVER_TRUST_PROXY must be true, false, a number of proxy hops/);
  });

  it('says which variable is wrong', () => {
    expect(() => resolveServerSettings({ env: { KITH_SERVER_BODY_LIMIT: '1MB' } })).toThrow(
      /KITH_SERVER_BODY_LIMIT must be a whole number/,
    );
    expect(() => resolveServerSettings({ env: {}, bodyLimit: -1 })).toThrow(/bodyLimit/);
  });
});

describe('server options over HTTP', () => {
  it('answers CORS preflights for allowed origins only', async () => {
    const { server, url } = await startTestServer({ cors: ['http://app.test'] });
    try {
      const allowed = await fetch(`${url}/api/agents`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://app.test',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-api-key',
        },
      });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://app.test');
      expect(allowed.headers.get('access-control-allow-headers')).toContain('x-api-key');
      const other = await fetch(`${url}/api/agents`, { headers: { origin: 'http://evil.test' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('sends no CORS headers by default', async () => {
    const { server, url } = await startTestServer();
    try {
      const response = await fetch(`${url}/api/agents`, { headers: { origin: 'http://app.test' } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('serves staticDir at / without an API key, and runs the configure hook', async () => {
    const { server, url } = await startTestServer({
      staticDir: path.join(__dirname, 'testing', 'web'),
      authToken: 'tok',
      configure: (app) => {
        app.get('/hello', async () => ({ hello: 'world' }));
      },
    });
    try {
      const page = await http(url, '/');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.body).toContain('chat page');
      expect((await http(url, '/hello')).body).toEqual({ hello: 'world' });
      expect((await http(url, '/api/agents')).status).toBe(401);
      expect((await http(url, '/missing.js')).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('answers a plain GET /ws with 426', async () => {
    const { server, url } = await startTestServer();
    try {
      const response = await http(url, '/ws');
      expect(response.status).toBe(426);
      expect(response.body.error).toMatchObject({ code: 'KITH_REQUEST_INVALID', path: 'headers.upgrade' });
    } finally {
      await server.close();
    }
  });
});
