import { http } from '../testing/http-client';
import { createTestAgent } from '../testing/test-agent';
import { startTestServer } from '../testing/test-server';

describe('GET /api/metrics', () => {
  it('counts and times model calls, providers, actions, database calls, runs and HTTP routes', async () => {
    const ada = await createTestAgent({ name: 'Ada' });
    const bob = await createTestAgent({ name: 'Bob' });
    const { server, url } = await startTestServer({ agents: [ada.runtime, bob.runtime] });
    try {
      for (let i = 0; i < 3; i++)
        await http(url, `/api/agents/${ada.runtime.agentId}/messages`, { body: { text: `hello ${i}` } });
      await http(url, `/api/agents/${bob.runtime.agentId}/messages`, { body: { text: 'hi bob' } });
      await ada.runtime.messageService?.whenIdle?.();
      await bob.runtime.messageService?.whenIdle?.();

      const all = await http(url, '/api/metrics');
      expect(all.status).toBe(200);
      const ops = all.body.operations;
      expect(all.body.agents).toBe(2);
      expect(ops['model:TEXT_LARGE']).toMatchObject({ count: 4, errors: 0 });
      expect(ops.run).toMatchObject({ count: 4, errors: 0 });
      expect(ops['action:REPLY']?.count ?? 0).toBe(0); // simple replies skip action processing
      expect(ops['provider:RECENT_MESSAGES'].count).toBeGreaterThanOrEqual(4);
      // Providers, actions and evaluators name the plugin that registered them; models and the rest name none.
      expect(ops['provider:RECENT_MESSAGES'].plugin).toBe('bootstrap');
      expect(ops['model:TEXT_LARGE'].plugin).toBeUndefined();
      // Each message is stored with its inbox entry (acceptInbound), each reply with createMemory.
      expect(ops['database:acceptInbound'].count).toBe(4);
      expect(ops['database:createMemory'].count).toBeGreaterThanOrEqual(4);
      expect(ops['http:POST /api/agents/:agentId/messages']).toMatchObject({ count: 4, errors: 0 });
      for (const summary of Object.values<{ p50Ms: number; p95Ms: number; maxMs: number; meanMs: number }>(ops)) {
        expect(summary.p50Ms).toBeLessThanOrEqual(summary.p95Ms);
        expect(summary.p95Ms).toBeLessThanOrEqual(summary.maxMs);
      }

      const onlyBob = await http(url, `/api/metrics?agentId=${bob.runtime.agentId}`);
      expect(onlyBob.body.operations['model:TEXT_LARGE'].count).toBe(1);
      expect(Object.keys(onlyBob.body.operations).some((name) => name.startsWith('http:'))).toBe(false);
    } finally {
      await server.close();
    }
  });
});
