import { http } from '../testing/http-client';
import { createTestAgent } from '../testing/test-agent';
import { TestSocket } from '../testing/test-socket';
import { startTestServer } from '../testing/test-server';
import { apiKeyMatches } from './api-key';

const TOKEN = 's3cret-token';

describe('apiKeyMatches', () => {
  it('matches only the exact token, whatever the lengths', () => {
    expect(apiKeyMatches(TOKEN, TOKEN)).toBe(true);
    for (const wrong of ['', 's3cret', `${TOKEN}x`, TOKEN.toUpperCase(), 'x'.repeat(5000)])
      expect(apiKeyMatches(wrong, TOKEN)).toBe(false);
  });
});

describe('X-API-KEY', () => {
  it('is required on every route but health when KITH_SERVER_AUTH_TOKEN is set', async () => {
    const agent = await createTestAgent();
    const { server, url } = await startTestServer({ agents: [agent.runtime], env: { KITH_SERVER_AUTH_TOKEN: TOKEN } });
    const base = `/api/agents/${agent.runtime.agentId}`;
    try {
      expect((await http(url, '/api/health')).status).toBe(200);
      for (const [method, path] of [
        ['GET', '/api/agents'],
        ['GET', base],
        ['POST', `${base}/messages`],
        ['GET', `${base}/runs`],
        ['GET', '/api/metrics'],
        ['GET', '/api/docs'],
        ['GET', '/api/no-such-route'],
      ] as const) {
        const missing = await http(url, path, { method, ...(method === 'POST' ? { body: { text: 'x' } } : {}) });
        expect([path, missing.status, missing.body.error?.code]).toEqual([path, 401, 'KITH_UNAUTHORIZED']);
        const wrong = await http(url, path, { method, headers: { 'x-api-key': 'nope' } });
        expect([path, wrong.status]).toEqual([path, 401]);
      }
      const ok = await http(url, `${base}/messages`, { body: { text: 'with key' }, headers: { 'x-api-key': TOKEN } });
      expect(ok.status).toBe(200);
      expect(ok.body.replies).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('guards the WebSocket: header or ?apiKey=, nothing else', async () => {
    const agent = await createTestAgent();
    const { server, url } = await startTestServer({ agents: [agent.runtime], authToken: TOKEN });
    try {
      await expect(TestSocket.open(url)).rejects.toThrow(/401/);
      await expect(TestSocket.open(url, { query: '?apiKey=wrong' })).rejects.toThrow(/401/);
      const byHeader = await TestSocket.open(url, { headers: { 'x-api-key': TOKEN } });
      await byHeader.close();
      const byQuery = await TestSocket.open(url, { query: `?apiKey=${TOKEN}` });
      byQuery.send({ type: 'ping' });
      expect(await byQuery.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
      await byQuery.close();
    } finally {
      await server.close();
    }
  });

  it('is not asked for when no token is set', async () => {
    const agent = await createTestAgent();
    const { server, url } = await startTestServer({ agents: [agent.runtime] });
    try {
      expect((await http(url, '/api/agents')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
