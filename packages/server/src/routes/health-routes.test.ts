import { type IAgentRuntime, type Plugin, Service } from '@kith/core';
import { http } from '../testing/http-client';
import { createTestAgent } from '../testing/test-agent';
import { startTestServer } from '../testing/test-server';

class FlakyService extends Service {
  static override serviceType = 'flaky';
  capabilityDescription = 'reports its own health';
  healthy = true;

  static override async start(runtime: IAgentRuntime): Promise<Service> {
    return new FlakyService(runtime);
  }

  async stop(): Promise<void> {}

  healthCheck(): boolean {
    return this.healthy;
  }
}
const flakyPlugin: Plugin = { name: 'flaky', description: '', services: [FlakyService] };

const checkNamed = (body: { agents: { checks: { name: string }[] }[] }, agent: number, name: string) =>
  body.agents[agent]?.checks.find((c) => c.name === name);

describe('GET /api/health', () => {
  it('reports every check of every agent and 200 when all pass', async () => {
    const agent = await createTestAgent({ plugins: [flakyPlugin] });
    const { server, url } = await startTestServer({ agents: [agent.runtime] });
    try {
      const response = await http(url, '/api/health');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        status: 'healthy',
        agents: [{ agentId: agent.runtime.agentId, name: 'Testy', status: 'running', healthy: true }],
      });
      const names = response.body.agents[0].checks.map((c: { name: string }) => c.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'database',
          'service:flaky',
          'service:message-bus-service',
          'service:task',
          'model:TEXT_LARGE',
          'model:TEXT_EMBEDDING',
        ]),
      );
      expect(response.body.agents[0].checks.every((c: { healthy: boolean }) => c.healthy)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('answers 503 naming the failing checks: database, a service, a missing model, a check that hangs', async () => {
    const agent = await createTestAgent({ plugins: [flakyPlugin] });
    const noEmbedding = await createTestAgent({ name: 'Mute', embedding: false });
    const { server, url } = await startTestServer({
      agents: [agent.runtime, noEmbedding.runtime],
      healthCheckTimeoutMs: 200,
    });
    try {
      agent.runtime.getService<FlakyService>('flaky')!.healthy = false;
      jest.spyOn(agent.runtime.adapter, 'isReady').mockReturnValue(new Promise<boolean>(() => undefined));
      const response = await http(url, '/api/health');
      expect(response.status).toBe(503);
      expect(response.body.status).toBe('unhealthy');
      expect(checkNamed(response.body, 0, 'database')).toMatchObject({
        healthy: false,
        detail: 'no answer within 200 ms',
      });
      expect(checkNamed(response.body, 0, 'service:flaky')).toMatchObject({
        healthy: false,
        detail: 'reported unhealthy',
      });
      expect(checkNamed(response.body, 1, 'model:TEXT_EMBEDDING')).toMatchObject({ healthy: false });
      expect(checkNamed(response.body, 1, 'model:TEXT_LARGE')).toMatchObject({ healthy: true });
      expect(response.body.agents.map((a: { healthy: boolean }) => a.healthy)).toEqual([false, false]);
    } finally {
      await server.close();
    }
  });

  it('counts a database that says it is not ready as unhealthy', async () => {
    const agent = await createTestAgent();
    const { server, url } = await startTestServer({ agents: [agent.runtime] });
    try {
      jest.spyOn(agent.runtime.adapter, 'isReady').mockResolvedValue(false);
      const response = await http(url, '/api/health');
      expect(response.status).toBe(503);
      expect(checkNamed(response.body, 0, 'database')).toMatchObject({
        healthy: false,
        detail: 'adapter is not ready',
      });
    } finally {
      await server.close();
    }
  });
});
