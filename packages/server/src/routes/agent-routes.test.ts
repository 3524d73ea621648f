import { randomUuid } from '@kith/core';
import { createTestRuntime } from '@kith/core/test';
import { http } from '../testing/http-client';
import { createTestAgent } from '../testing/test-agent';
import { startTestServer } from '../testing/test-server';

describe('agent routes', () => {
  it('lists, describes, adds, stops, starts and removes agents', async () => {
    const ada = await createTestAgent({ name: 'Ada' });
    const bob = await createTestAgent({ name: 'Bob' });
    const { server, url } = await startTestServer({ agents: [ada.runtime] });
    try {
      expect((await http(url, '/api/agents')).body.agents).toEqual([
        {
          id: ada.runtime.agentId,
          name: 'Ada',
          username: 'testy',
          status: 'running',
          source: 'file',
          model: 'scripted-model',
          plugins: ['bootstrap', 'scripted-model'],
        },
      ]);
      await server.addAgent(bob.runtime);
      expect((await http(url, '/api/agents')).body.agents.map((a: { name: string }) => a.name)).toEqual(['Ada', 'Bob']);

      const detail = await http(url, `/api/agents/${bob.runtime.agentId}`);
      expect(detail.body).toMatchObject({
        id: bob.runtime.agentId,
        name: 'Bob',
        status: 'running',
        plugins: ['bootstrap', 'scripted-model'],
      });
      expect(detail.body.actions).toContain('REPLY');
      expect(detail.body.providers).toContain('RECENT_MESSAGES');
      expect(detail.body.services).toContain('message-bus-service');
      expect(detail.body.models).toEqual(['TEXT_SMALL', 'TEXT_LARGE', 'TEXT_EMBEDDING']);
      expect(detail.body.settings).toBeUndefined();

      expect((await http(url, `/api/agents/${bob.runtime.agentId}/stop`, { method: 'POST' })).body.agent.status).toBe(
        'stopped',
      );
      expect((await http(url, `/api/agents/${bob.runtime.agentId}`)).body.status).toBe('stopped');
      expect((await http(url, `/api/agents/${bob.runtime.agentId}/start`, { method: 'POST' })).body.agent.status).toBe(
        'running',
      );

      expect(await server.removeAgent(bob.runtime.agentId)).toBe(true);
      expect(await server.removeAgent(bob.runtime.agentId)).toBe(false);
      const gone = await http(url, `/api/agents/${bob.runtime.agentId}`);
      expect(gone.status).toBe(404);
      expect(gone.body.error.code).toBe('KITH_AGENT_NOT_FOUND');
    } finally {
      await server.close();
    }
  });

  it('refuses a second agent with the same id, and an agent without the pipeline', async () => {
    const ada = await createTestAgent({ name: 'Ada' });
    const twin = await createTestAgent({ name: 'Ada' });
    const { server } = await startTestServer({ agents: [ada.runtime] });
    try {
      await expect(server.addAgent(twin.runtime)).rejects.toMatchObject({ code: 'KITH_AGENT_ALREADY_REGISTERED' });
      const bare = await createTestRuntime({ character: { name: 'Bare', bio: [] } });
      await expect(server.addAgent(bare)).rejects.toMatchObject({ code: 'KITH_PLUGIN_DEPENDENCY_MISSING' });
    } finally {
      await server.close();
      await twin.runtime.stop();
    }
  });

  it('answers 404 for an unknown agent id on every agent route', async () => {
    const { server, url } = await startTestServer();
    try {
      const id = randomUuid();
      for (const [method, path] of [
        ['GET', `/api/agents/${id}`],
        ['POST', `/api/agents/${id}/start`],
        ['GET', `/api/agents/${id}/rooms`],
        ['GET', `/api/agents/${id}/runs`],
      ] as const) {
        const response = await http(url, path, { method });
        expect([method, path, response.status]).toEqual([method, path, 404]);
      }
    } finally {
      await server.close();
    }
  });
});
