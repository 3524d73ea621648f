import fc from 'fast-check';
import WebSocket from 'ws';
import { rawRequest, type RawResponse } from '../testing/raw-request';
import { fillRoute, routeTable, type TableRoute } from '../testing/route-table';
import { createTestAgent, type TestAgent } from '../testing/test-agent';
import { startTestServer, type RunningTestServer } from '../testing/test-server';

const TOKEN = 'fuzz-secret-token-0123456789';
const SEED = 20261124;

/**
 * Served without a key by design: the health probe, the static web chat page, and POST /api/sessions,
 * which validates its body and then refuses a caller without the key itself (public sessions are off
 * here; auth/access-matrix.test.ts covers it).
 */
const OPEN_ROUTES = new Set(['/api/health', '/*', '/api/sessions']);

/** Header-safe strings that are not the token: empty, near misses, padded, case-changed, long. */
const wrongKey = fc
  .oneof(
    fc.stringMatching(/^[\x21-\x7e]{0,80}$/),
    fc.constantFrom(
      '',
      ' ',
      TOKEN.toUpperCase(),
      `${TOKEN}\t.`,
      `.${TOKEN}`,
      TOKEN.slice(0, -1),
      `${TOKEN}x`,
      `Bearer ${TOKEN}`,
      'null',
      'undefined',
      'x'.repeat(4000),
    ),
  )
  // HTTP strips the spaces around a header value, so ' token ' is the token.
  .filter((key) => key.trim() !== TOKEN);

function expectUnauthorized(label: string, response: RawResponse, method: string): void {
  const error = (response.json as { error?: { code?: string; message?: string } } | undefined)?.error;
  const ok =
    response.status === 401 &&
    (method === 'HEAD' || (error?.code === 'KITH_UNAUTHORIZED' && typeof error.message === 'string'));
  if (!ok) throw new Error(`${label} -> ${response.status} ${response.text.slice(0, 200)}`);
}

/** Resolves with the HTTP status that refused the upgrade, or 101 when the socket opened. */
function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
    });
    socket.once('error', (error) => reject(error));
  });
}

describe('HTTP fuzz with an auth token: every route but health and the page refuses a missing or wrong X-API-KEY', () => {
  let agent: TestAgent;
  let running: RunningTestServer;
  let routes: TableRoute[];
  let paths: Record<string, string>;

  beforeAll(async () => {
    agent = await createTestAgent();
    running = await startTestServer({ agents: [agent.runtime], authToken: TOKEN });
    routes = routeTable(running.server.app);
    const id = agent.runtime.agentId;
    // Real ids everywhere: the key must be the only thing wrong.
    paths = { agentId: id, roomId: id, runId: id, memoryId: id, plugin: 'bootstrap', '*': 'x' };
  });

  afterAll(() => running.server.close());

  it('covers every guarded route in the table', () => {
    const guarded = routes.filter((route) => !OPEN_ROUTES.has(route.url));
    expect(guarded.length).toBeGreaterThanOrEqual(25);
    expect(guarded.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/api/agents', '/api/agents/:agentId/messages', '/api/metrics', '/api/docs', '/ws']),
    );
  });

  it('answers 401 to a missing key and to random wrong keys, on every method of every guarded route', async () => {
    let requests = 0;
    for (const route of routes.filter((candidate) => !OPEN_ROUTES.has(candidate.url))) {
      const path = fillRoute(route.url, paths);
      const body = ['GET', 'HEAD'].includes(route.method) ? undefined : JSON.stringify({ text: 'hi' });
      const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
      expectUnauthorized(
        `${route.method} ${path} without a key`,
        await rawRequest(running.url, { method: route.method, path, headers, body }),
        route.method,
      );
      requests += 1;
      await fc.assert(
        fc.asyncProperty(wrongKey, fc.boolean(), async (key, asQuery) => {
          // ?apiKey= is accepted on /ws only; elsewhere a key in the query must not count either.
          const sent = asQuery
            ? { path: `${path}?apiKey=${encodeURIComponent(key)}`, headers }
            : { path, headers: { ...headers, 'x-api-key': key } };
          expectUnauthorized(
            `${route.method} ${sent.path.slice(0, 120)} key=${JSON.stringify(key.slice(0, 40))}`,
            await rawRequest(running.url, { method: route.method, ...sent, body }),
            route.method,
          );
          requests += 1;
        }),
        { seed: SEED, numRuns: 8 },
      );
      // And the right key in the query string of a non-WebSocket route is still no key.
      if (route.url !== '/ws')
        expectUnauthorized(
          `${route.method} ${path}?apiKey=<token>`,
          await rawRequest(running.url, { method: route.method, path: `${path}?apiKey=${TOKEN}`, headers, body }),
          route.method,
        );
    }
    expect(requests).toBeGreaterThan(200);
  });

  it('lets the right key through, and serves health and the page without one', async () => {
    const withKey = await rawRequest(running.url, {
      method: 'GET',
      path: '/api/agents',
      headers: { 'x-api-key': TOKEN },
    });
    expect(withKey.status).toBe(200);
    expect((await rawRequest(running.url, { method: 'GET', path: '/api/health' })).status).toBe(200);
    const page = await rawRequest(running.url, { method: 'GET', path: '/' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // An unknown /api path falls to the static route, and is still guarded.
    expectUnauthorized(
      'GET /api/nothing',
      await rawRequest(running.url, { method: 'GET', path: '/api/nothing' }),
      'GET',
    );
  });

  it('refuses a WebSocket upgrade without a key or with a wrong one (header or ?apiKey=), and opens it with the right one', async () => {
    const ws = `${running.url.replace(/^http/, 'ws')}/ws`;
    expect(await upgradeStatus(ws, {})).toBe(401);
    await fc.assert(
      fc.asyncProperty(
        wrongKey.filter((key) => key.length < 1000),
        fc.boolean(),
        async (key, asQuery) => {
          const status = asQuery
            ? await upgradeStatus(`${ws}?apiKey=${encodeURIComponent(key)}`, {})
            : await upgradeStatus(ws, { 'x-api-key': key });
          expect([key, status]).toEqual([key, 401]);
        },
      ),
      { seed: SEED, numRuns: 20 },
    );
    expect(await upgradeStatus(ws, { 'x-api-key': TOKEN })).toBe(101);
    expect(await upgradeStatus(`${ws}?apiKey=${TOKEN}`, {})).toBe(101);
  });
});
