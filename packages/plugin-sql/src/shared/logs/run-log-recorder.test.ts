import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AgentRuntime,
  createLogger,
  type GenerateTextParams,
  type IAgentRuntime,
  type ModelEventPayload,
  type Plugin,
  randomUuid,
  reportModelUsage,
  type UUID,
} from '@kith/core';
import { sqlPlugin } from '../../plugin';
import { MODEL_LOG_PREFIX, RUN_LOG_TYPE, RunLogRecorder } from './run-log-recorder';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-logs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A text model that reports token usage, as real providers do, and fails when asked to. */
const modelPlugin: Plugin = {
  name: 'counting-model',
  description: 'TEXT_SMALL with token usage',
  models: {
    TEXT_SMALL: async (_runtime, params: GenerateTextParams) => {
      if (params.prompt === 'fail') throw new Error('provider unavailable');
      params.usage = { promptTokens: 12, completionTokens: 3, totalTokens: 15 };
      return 'ok';
    },
  },
};

const PROMPT = `You are Eliza. ${'Long conversation context. '.repeat(400)}`;

async function startAgent(name: string, settings: Record<string, string> = {}): Promise<AgentRuntime> {
  const runtime = new AgentRuntime({
    character: { name, bio: ['test agent'] },
    plugins: [sqlPlugin, modelPlugin],
    settings: { KITH_DATA_DIR: path.join(dir, name), ...settings },
    logger: createLogger({ level: 'silent' }),
  });
  await runtime.initialize();
  return runtime;
}

/** What the message pipeline does around a turn: a run with two model calls. */
async function oneRun(runtime: AgentRuntime, roomId: UUID, entityId: UUID): Promise<UUID> {
  return runtime.withRun(roomId, async (runId) => {
    const startTime = Date.now();
    const base = { runId, roomId, entityId, messageId: randomUuid(), startTime, source: 'messageHandler' };
    await runtime.emitEvent('RUN_STARTED', { ...base, status: 'started' });
    await runtime.useModel('TEXT_SMALL', { prompt: PROMPT });
    await runtime.useModel('TEXT_SMALL', { prompt: 'short' });
    await runtime.emitEvent('RUN_ENDED', {
      ...base,
      status: 'completed',
      endTime: Date.now(),
      duration: Date.now() - startTime,
    });
    return runId;
  });
}

describe('run and model logs', () => {
  it('keeps one compact record per run, with its model usage summed, and one per failed call outside runs', async () => {
    const runtime = await startAgent('Logger');
    const [roomId, entityId] = [randomUuid(), randomUuid()];
    const runId = await oneRun(runtime, roomId, entityId);
    await expect(runtime.useModel('TEXT_SMALL', { prompt: 'fail' })).rejects.toThrow('provider unavailable');

    const [run] = await runtime.getLogs({ roomId, type: RUN_LOG_TYPE });
    expect(run).toMatchObject({ entityId, roomId, type: RUN_LOG_TYPE });
    expect(run.body).toMatchObject({
      runId,
      status: 'completed',
      roomId,
      entityId,
      source: 'messageHandler',
      duration: expect.any(Number),
    });
    expect(run.body.models).toEqual([
      {
        modelType: 'TEXT_SMALL',
        provider: 'counting-model',
        calls: 2,
        failed: 0,
        promptChars: PROMPT.length + 'short'.length,
        durationMs: expect.any(Number),
        promptTokens: 24,
        completionTokens: 6,
        totalTokens: 30,
        // The model named no model, so its tokens have no price.
        unpricedCalls: 2,
      },
    ]);

    const [model] = await runtime.getLogs({ type: `${MODEL_LOG_PREFIX}TEXT_SMALL` });
    expect(model.body).toMatchObject({
      modelType: 'TEXT_SMALL',
      provider: 'counting-model',
      success: false,
      promptChars: 4,
      error: 'provider unavailable',
    });
    expect(model.body).not.toHaveProperty('runId');

    const all = await runtime.getLogs({});
    expect(all).toHaveLength(2);
    for (const log of all) {
      expect(JSON.stringify(log.body)).not.toContain('Long conversation context');
      expect(JSON.stringify(log.body).length).toBeLessThan(600);
    }
    await runtime.stop();
  });

  it('records a timed-out run with its status', async () => {
    const runtime = await startAgent('Timeout');
    const roomId = randomUuid();
    await runtime.withRun(roomId, async (runId) => {
      const base = { runId, roomId, entityId: runtime.agentId, startTime: Date.now() };
      await runtime.emitEvent('RUN_STARTED', { ...base, status: 'started' });
      await runtime.emitEvent('RUN_TIMEOUT', {
        ...base,
        status: 'timeout',
        duration: 30_000,
        error: 'Run exceeded the response timeout',
      });
    });
    const [run] = await runtime.getLogs({ roomId });
    expect(run.body).toMatchObject({ status: 'timeout', duration: 30_000, error: 'Run exceeded the response timeout' });
    expect(run.body).not.toHaveProperty('models');
    await runtime.stop();
  });

  it('cuts long texts that plugins log, unless LOG_PROMPTS_TO_DB=true', async () => {
    const body = { modelType: 'TEXT_LARGE', params: { prompt: PROMPT }, response: 'fine' };
    const compact = await startAgent('Compact');
    const whole = await startAgent('Whole', { LOG_PROMPTS_TO_DB: 'true' });
    for (const runtime of [compact, whole]) {
      await runtime.log({ body, entityId: runtime.agentId, roomId: runtime.agentId, type: 'useModel:TEXT_LARGE' });
    }
    const [cut] = await compact.getLogs({ type: 'useModel:TEXT_LARGE' });
    expect(cut.body).toEqual({
      modelType: 'TEXT_LARGE',
      params: { prompt: expect.stringMatching(/^You are Eliza\. .*…\[\+\d+ chars\]$/) },
      response: 'fine',
    });
    const [kept] = await whole.getLogs({ type: 'useModel:TEXT_LARGE' });
    expect(kept.body).toEqual(body);
    await compact.stop();
    await whole.stop();
  });
});

describe('usage day rows', () => {
  /** gpt-4o-mini's usage as plugin-openai reports it: 1,000 input tokens (600 cached), 100 output. */
  const pricedModel: Plugin = {
    name: 'openai',
    description: 'TEXT_LARGE reporting usage and model',
    models: {
      TEXT_LARGE: async () => {
        reportModelUsage({ model: 'gpt-4o-mini', promptTokens: 1000, cachedInputTokens: 600, completionTokens: 100 });
        return 'ok';
      },
    },
  };

  it("adds each run's calls to the model_usage row of its day, room and model, with cached tokens and cost", async () => {
    const runtime = new AgentRuntime({
      character: { name: 'Usage', bio: ['test agent'] },
      plugins: [sqlPlugin, pricedModel],
      settings: { KITH_DATA_DIR: path.join(dir, 'usage') },
      logger: createLogger({ level: 'silent' }),
    });
    await runtime.initialize();
    const [roomA, roomB] = [randomUuid(), randomUuid()];
    const turn = (roomId: UUID) =>
      runtime.withRun(roomId, async (runId) => {
        const base = { runId, roomId, entityId: runtime.agentId, startTime: Date.now() };
        await runtime.emitEvent('RUN_STARTED', { ...base, status: 'started' });
        await runtime.useModel('TEXT_LARGE', { prompt: 'hello' });
        await runtime.emitEvent('RUN_ENDED', { ...base, status: 'completed', endTime: Date.now() });
      });
    await turn(roomA);
    await turn(roomA);
    await turn(roomB);
    const perCall = (400 * 0.15 + 600 * 0.075 + 100 * 0.6) / 1e6;
    const [run] = await runtime.getLogs({ roomId: roomB, type: RUN_LOG_TYPE });
    expect(run.body.models).toEqual([
      expect.objectContaining({
        modelType: 'TEXT_LARGE',
        provider: 'openai',
        model: 'gpt-4o-mini',
        calls: 1,
        promptTokens: 1000,
        cachedInputTokens: 600,
        completionTokens: 100,
        costUsd: perCall,
      }),
    ]);

    const adapter = runtime.adapter;
    const byRoom = await adapter.getUsage!({ groupBy: 'room' });
    const rooms = byRoom.groups.filter((group) => group.key !== '');
    expect(
      rooms.map((group) => [group.key, group.calls, group.inputTokens, group.cachedInputTokens, group.outputTokens]),
    ).toEqual(
      [
        [roomA, 2, 2000, 1200, 200],
        [roomB, 1, 1000, 600, 100],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(rooms.find((group) => group.key === roomA)?.costUsd).toBeCloseTo(2 * perCall, 12);
    const byModel = await adapter.getUsage!({ groupBy: 'model' });
    expect(byModel.groups.find((group) => group.key === 'openai/gpt-4o-mini')).toMatchObject({
      calls: 3,
      unpricedCalls: 0,
    });
    // One row per day, room and model, however many turns.
    const sqlite = (await adapter.getConnection()) as import('better-sqlite3').Database;
    expect(
      (
        sqlite
          .prepare('SELECT COUNT(*) AS n FROM model_usage WHERE agent_id = ? AND room_id != ?')
          .get(runtime.agentId, '') as { n: number }
      ).n,
    ).toBe(2);
    await runtime.stop();
  });
});

describe('background model usage', () => {
  /** A runtime that only collects what the recorder writes. */
  function collector() {
    const written: { type: string; body: Record<string, unknown> }[] = [];
    const runtime = {
      agentId: randomUuid(),
      logger: createLogger({ level: 'silent' }),
      adapter: { log: async (record: { type: string; body: Record<string, unknown> }) => void written.push(record) },
    } as unknown as IAgentRuntime;
    return { runtime, written };
  }

  const call = (runtime: IAgentRuntime, extra: Partial<ModelEventPayload> = {}): ModelEventPayload => ({
    runtime,
    type: 'TEXT_EMBEDDING',
    provider: 'local',
    promptChars: 10,
    durationMs: 0.25,
    success: true,
    ...extra,
  });

  afterEach(() => jest.useRealTimers());

  it('sums successful calls outside runs and writes them once a batch is full', async () => {
    const { runtime, written } = collector();
    const recorder = new RunLogRecorder(runtime, { calls: 3, ageMs: 60_000 });
    await recorder.modelUsed(call(runtime));
    await recorder.modelUsed(call(runtime, { tokens: { promptTokens: 2, completionTokens: 0, totalTokens: 2 } }));
    expect(written).toEqual([]);
    await recorder.modelUsed(call(runtime));
    expect(written).toEqual([
      {
        type: 'useModel:TEXT_EMBEDDING',
        entityId: runtime.agentId,
        roomId: runtime.agentId,
        body: {
          modelType: 'TEXT_EMBEDDING',
          provider: 'local',
          calls: 3,
          failed: 0,
          promptChars: 30,
          durationMs: 0.8,
          promptTokens: 2,
          completionTokens: 0,
          totalTokens: 2,
          unpricedCalls: 1,
          since: expect.any(Number),
          until: expect.any(Number),
        },
      },
    ]);
  });

  it('writes a partial sum once its first call is old enough', async () => {
    jest.useFakeTimers();
    const { runtime, written } = collector();
    const recorder = new RunLogRecorder(runtime, { calls: 100, ageMs: 60_000 });
    await recorder.modelUsed(call(runtime));
    await jest.advanceTimersByTimeAsync(59_000);
    expect(written).toEqual([]);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(written.map((record) => record.body.calls)).toEqual([1]);
  });

  it('gives a call carrying its prompt a record of its own', async () => {
    const { runtime, written } = collector();
    const recorder = new RunLogRecorder(runtime);
    await recorder.modelUsed({
      ...call(runtime, { type: 'TEXT_LARGE' }),
      prompt: 'Hello',
      response: 'Hi',
    });
    expect(written.map((record) => record.body)).toEqual([
      {
        modelType: 'TEXT_LARGE',
        provider: 'local',
        success: true,
        promptChars: 10,
        durationMs: 0.3,
        prompt: 'Hello',
        response: 'Hi',
      },
    ]);
  });
});

describe('stopping', () => {
  it('writes the pending sums before the database closes and drops later records without a warning', async () => {
    const lines: string[] = [];
    const runtime = new AgentRuntime({
      character: { name: 'stopping', bio: ['test agent'] },
      plugins: [sqlPlugin, modelPlugin],
      settings: { KITH_DATA_DIR: path.join(dir, 'stopping') },
      logger: createLogger({
        level: 'warn',
        json: true,
        destination: { write: (line: string) => void lines.push(line) },
      }),
    });
    await runtime.initialize();
    // A successful call outside any run: summed, not yet written.
    await runtime.useModel('TEXT_SMALL', { prompt: 'background' });
    await runtime.stop();
    // A background call finishing after the agent stopped (an embedding retry, say).
    await runtime.emitEvent('MODEL_USED', {
      runtime,
      type: 'TEXT_EMBEDDING',
      provider: 'late',
      promptChars: 1,
      durationMs: 1,
      success: false,
      error: 'late',
    });
    expect(lines.filter((line) => line.includes('log record'))).toEqual([]);

    const reopened = await startAgent('stopping');
    try {
      const records = await reopened.getLogs({ type: `${MODEL_LOG_PREFIX}TEXT_SMALL` });
      expect(records.map((record) => record.body)).toEqual([
        expect.objectContaining({ provider: 'counting-model', calls: 1, failed: 0 }),
      ]);
      expect(await reopened.getLogs({ type: `${MODEL_LOG_PREFIX}TEXT_EMBEDDING` })).toEqual([]);
    } finally {
      await reopened.stop();
    }
  });
});
