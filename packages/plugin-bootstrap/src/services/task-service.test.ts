import type { AgentRuntime, Task } from '@kith/core';
import { createCapturingLogger, createTestRuntime } from '@kith/core/test';
import { TaskService } from './task-service';

describe('TaskService', () => {
  let runtime: AgentRuntime;
  let service: TaskService;
  let capture: ReturnType<typeof createCapturingLogger>;

  beforeEach(async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    capture = createCapturingLogger();
    runtime = await createTestRuntime({ logger: capture.logger });
  });

  afterEach(async () => {
    await service?.stop();
    await runtime.stop();
    jest.useRealTimers();
  });

  const startService = async () => {
    service = await TaskService.start(runtime);
    await jest.advanceTimersByTimeAsync(0);
  };
  const queueTask = (name: string, tags: string[], metadata: Task['metadata'] = {}) =>
    runtime.createTask({ name, description: name, tags: ['queue', ...tags], metadata });

  it('runs a one-shot task as soon as it is created and then deletes it', async () => {
    const runs: string[] = [];
    runtime.registerTaskWorker({ name: 'ONCE', execute: async (_rt, options) => void runs.push(String(options.note)) });
    await startService();
    await queueTask('ONCE', [], { note: 'hello' });
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toEqual(['hello']);
    expect(await runtime.getTasksByName('ONCE')).toEqual([]);
  });

  it('runs a repeat task every updateInterval, at once when tagged immediate', async () => {
    const runs: Record<string, number[]> = { LATER: [], NOW: [] };
    for (const name of Object.keys(runs)) {
      runtime.registerTaskWorker({ name, execute: async () => void runs[name].push(Date.now() - 1_000_000) });
    }
    await queueTask('LATER', ['repeat'], { updateInterval: 1_000 });
    await queueTask('NOW', ['repeat', 'immediate'], { updateInterval: 1_000 });
    await startService();
    expect(runs).toEqual({ LATER: [], NOW: [0] });
    await jest.advanceTimersByTimeAsync(3_050);
    expect(runs.LATER).toEqual([1_000, 2_000, 3_000]);
    expect(runs.NOW).toEqual([0, 1_000, 2_000, 3_000]);
    expect(await runtime.getTasksByName('LATER')).toHaveLength(1);
  });

  it('does not poll the database while idle', async () => {
    const reads = jest.spyOn(runtime, 'getTasks');
    runtime.registerTaskWorker({ name: 'HOURLY', execute: async () => undefined });
    await queueTask('HOURLY', ['repeat'], { updateInterval: 3_600_000 });
    await startService();
    const before = reads.mock.calls.length;
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(reads.mock.calls.length).toBe(before);
  });

  it('asks validate first and defers a declined task', async () => {
    let allowed = false;
    let runs = 0;
    runtime.registerTaskWorker({ name: 'GATED', validate: async () => allowed, execute: async () => void runs++ });
    await queueTask('GATED', []);
    await startService();
    expect(runs).toBe(0);
    allowed = true;
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    expect(await runtime.getTasksByName('GATED')).toEqual([]);
  });

  it('logs a failing task by name, keeps it and retries with backoff', async () => {
    let attempts = 0;
    runtime.registerTaskWorker({
      name: 'FLAKY',
      execute: async () => {
        attempts++;
        if (attempts < 3) throw new Error('downstream unavailable');
      },
    });
    await queueTask('FLAKY', []);
    await startService();
    expect(attempts).toBe(1);
    expect(await runtime.getTasksByName('FLAKY')).toHaveLength(1);
    expect(capture.messages('error')).toContain('Task FLAKY failed; it is kept and will run again');
    await jest.advanceTimersByTimeAsync(1_000);
    expect(attempts).toBe(2);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(attempts).toBe(3);
    expect(await runtime.getTasksByName('FLAKY')).toEqual([]);
  });

  it('ignores tasks without the queue tag and tasks with no worker', async () => {
    let runs = 0;
    runtime.registerTaskWorker({ name: 'CHOICE', execute: async () => void runs++ });
    await runtime.createTask({ name: 'CHOICE', description: 'awaiting a choice', tags: ['AWAITING_CHOICE'] });
    await queueTask('NO_WORKER', []);
    await startService();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(0);
    expect(await runtime.getTasksByName('NO_WORKER')).toHaveLength(1);
  });

  it('stops cleanly: waits for a running task and runs nothing afterwards', async () => {
    let finish!: () => void;
    let runs = 0;
    runtime.registerTaskWorker({
      name: 'SLOW',
      execute: async () => {
        runs++;
        await new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await queueTask('SLOW', ['repeat', 'immediate'], { updateInterval: 100 });
    await startService();
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = service.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
  });
});
