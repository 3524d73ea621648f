import { type Evaluator, randomUuid, RUN_LOG_TYPE } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import { http } from '../testing/http-client';
import { createTestAgent, type TestAgent } from '../testing/test-agent';
import { startTestServer, type RunningTestServer } from '../testing/test-server';

const noteEvaluator: Evaluator = {
  name: 'NOTE_TAKER',
  description: 'Runs after every reply',
  alwaysRun: true,
  examples: [],
  validate: async () => true,
  handler: async () => undefined,
};

describe('runs', () => {
  let agent: TestAgent;
  let running: RunningTestServer;
  let base: string;

  beforeEach(async () => {
    agent = await createTestAgent({ plugins: [{ name: 'notes', description: '', evaluators: [noteEvaluator] }] });
    running = await startTestServer({ agents: [agent.runtime] });
    base = `/api/agents/${agent.runtime.agentId}`;
  });

  afterEach(() => running.server.close());

  it('records each turn as a timeline of run, provider, model, action and evaluator steps', async () => {
    agent.queue.push(scriptedReply('Timeline reply.', ['REPLY', 'NONE']));
    const sent = await http(running.url, `${base}/messages`, { body: { text: 'trace me' } });
    await agent.runtime.messageService?.whenIdle?.();
    expect(sent.body.runId).toBeTruthy();

    const run = await http(running.url, `${base}/runs/${sent.body.runId}`);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({
      runId: sent.body.runId,
      status: 'completed',
      roomId: sent.body.roomId,
      messageId: sent.body.memoryId,
      source: 'memory',
    });
    const types: string[] = run.body.events.map((e: { type: string }) => e.type);
    expect(types[0]).toBe('RUN_STARTED');
    expect(types[types.length - 1]).toBe('RUN_ENDED');
    for (const type of [
      'PROVIDER_COMPLETED',
      'MODEL_USED',
      'ACTION_STARTED',
      'ACTION_COMPLETED',
      'EVALUATOR_STARTED',
      'EVALUATOR_COMPLETED',
    ])
      expect(types).toContain(type);
    const model = run.body.events.find((e: { type: string }) => e.type === 'MODEL_USED');
    expect(model).toMatchObject({ name: 'TEXT_LARGE', provider: 'scripted-model', success: true });
    expect(model.durationMs).toBeGreaterThanOrEqual(0);
    expect(model.promptChars).toBeGreaterThan(0);
    expect(
      run.body.events
        .filter((e: { type: string }) => e.type === 'ACTION_COMPLETED')
        .map((e: { name: string }) => e.name),
    ).toEqual(['REPLY', 'NONE']);
    expect(run.body.events.find((e: { type: string }) => e.type === 'EVALUATOR_COMPLETED')).toMatchObject({
      name: 'NOTE_TAKER',
      plugin: 'notes',
      success: true,
    });
    // Each step names the plugin that registered its action, evaluator or provider.
    expect(run.body.events.find((e: { type: string }) => e.type === 'ACTION_COMPLETED')).toMatchObject({
      name: 'REPLY',
      plugin: 'bootstrap',
    });
    expect(run.body.events.find((e: { type: string }) => e.type === 'PROVIDER_COMPLETED').plugin).toBe('bootstrap');
    expect(run.body.totals).toMatchObject({ modelCalls: 1, actions: ['REPLY', 'NONE'] });
    expect(run.body.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('lists runs newest first, by room', async () => {
    const roomA = randomUuid();
    const roomB = randomUuid();
    const a = await http(running.url, `${base}/messages`, { body: { text: 'a', roomId: roomA } });
    const b = await http(running.url, `${base}/messages`, { body: { text: 'b', roomId: roomB } });
    await agent.runtime.messageService?.whenIdle?.();
    const all = await http(running.url, `${base}/runs`);
    expect(all.body.runs.map((r: { runId: string }) => r.runId)).toEqual([b.body.runId, a.body.runId]);
    expect(all.body.runs[0].events).toBeUndefined();
    expect(all.body.runs[0].eventCount).toBeGreaterThan(2);
    const onlyA = await http(running.url, `${base}/runs?roomId=${roomA}&limit=5`);
    expect(onlyA.body.runs.map((r: { runId: string }) => r.runId)).toEqual([a.body.runId]);
  });

  it('merges runs of another process (the logs table) by start time: a newer one there comes first', async () => {
    const mine = await http(running.url, `${base}/messages`, { body: { text: 'here' } });
    await agent.runtime.messageService?.whenIdle?.();
    const elsewhere = randomUuid();
    const startTime = Date.now() + 60_000;
    await agent.runtime.adapter.log({
      body: { runId: elsewhere, status: 'completed', startTime, endTime: startTime + 5, duration: 5 },
      entityId: agent.runtime.agentId,
      roomId: randomUuid(),
      type: RUN_LOG_TYPE,
    });
    const { runs } = (await http(running.url, `${base}/runs`)).body;
    expect(runs.map((r: { runId: string }) => r.runId)).toEqual([elsewhere, mine.body.runId]);
    expect(runs[0]).toMatchObject({ source: 'log', startedAt: startTime });
  });

  it('answers 404 for a run it does not know', async () => {
    const response = await http(running.url, `${base}/runs/${randomUuid()}`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('KITH_RESOURCE_NOT_FOUND');
  });
});
