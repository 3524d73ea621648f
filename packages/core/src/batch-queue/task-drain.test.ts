import type { AgentRuntime } from '../runtime/agent-runtime';
import { createCapturingLogger } from '../testing/capturing-logger';
import { createTestRuntime } from '../testing/create-test-runtime';
import { TaskDrain } from './task-drain';

describe('TaskDrain', () => {
  let runtime: AgentRuntime;
  beforeEach(async () => {
    runtime = await createTestRuntime();
  });
  afterEach(() => runtime.stop());

  const storedInterval = async (drain: TaskDrain) => (await runtime.getTask(drain.id!))?.metadata?.updateInterval;

  it('creates one repeat task and backs off while idle, resetting when work arrives', async () => {
    let pending = 0;
    const drain = new TaskDrain({
      runtime,
      taskName: 'DRAIN',
      intervalMs: 100,
      maxIdleIntervalMs: 500,
      drain: async () => pending,
    });
    await drain.start();
    const [task] = await runtime.getTasksByName('DRAIN');
    expect(task.tags).toEqual(['queue', 'repeat']);
    expect(task.metadata?.updateInterval).toBe(100);

    const intervals: number[] = [];
    for (let i = 0; i < 4; i++) {
      await drain.tick();
      intervals.push(drain.intervalMs);
    }
    expect(intervals).toEqual([200, 400, 500, 500]);
    expect(await storedInterval(drain)).toBe(500);

    pending = 3;
    expect(await drain.tick()).toBe(3);
    expect(drain.intervalMs).toBe(100);
    expect(await storedInterval(drain)).toBe(100);
  });

  it('does not back off (or write the task) on an on-demand pass that finds nothing', async () => {
    const runtime = await createTestRuntime();
    const drain = new TaskDrain({ runtime, taskName: 'DEMAND', intervalMs: 100, drain: async () => 0 });
    await drain.start();
    let writes = 0;
    runtime.onTasksChanged(() => void (writes += 1));
    for (let i = 0; i < 5; i++) expect(await drain.tick('demand')).toBe(0);
    expect(drain.intervalMs).toBe(100);
    expect(writes).toBe(0);
    await drain.tick('scheduled');
    expect(drain.intervalMs).toBe(200);
    expect(writes).toBe(1);
  });

  it('runs through the registered worker, and drains sharing a worker name stay apart', async () => {
    const handled: string[] = [];
    const first = new TaskDrain({
      runtime,
      taskName: 'SHARED',
      drainId: 'first',
      intervalMs: 50,
      drain: async () => (handled.push('first'), 1),
    });
    const second = new TaskDrain({
      runtime,
      taskName: 'SHARED',
      drainId: 'second',
      intervalMs: 50,
      skipRegisterWorker: true,
      drain: async () => (handled.push('second'), 1),
    });
    await first.start();
    const worker = runtime.getTaskWorker('SHARED');
    await second.start();
    expect(runtime.getTaskWorker('SHARED')).toBe(worker);

    const tasks = await runtime.getTasksByName('SHARED');
    expect(tasks.map((t) => t.metadata?.drainId).sort()).toEqual(['first', 'second']);
    for (const task of tasks) await worker!.execute(runtime, {}, task);
    expect(handled.sort()).toEqual(['first', 'second']);
  });

  it('reuses its task across restarts instead of creating another', async () => {
    const make = () => new TaskDrain({ runtime, taskName: 'ONCE', intervalMs: 10, drain: async () => 0 });
    await make().start();
    await make().start();
    expect(await runtime.getTasksByName('ONCE')).toHaveLength(1);
  });

  it('lets a running pass finish on dispose, deletes its task and ignores later ticks', async () => {
    let release!: () => void;
    let passes = 0;
    const drain = new TaskDrain({
      runtime,
      taskName: 'SLOW',
      intervalMs: 10,
      drain: async () => {
        passes++;
        await new Promise<void>((resolve) => (release = resolve));
        return 1;
      },
    });
    await drain.start();
    const running = drain.tick();
    expect(drain.tick()).toBe(running); // concurrent ticks share one pass
    await new Promise((resolve) => setImmediate(resolve));
    await drain.dispose();
    expect(await runtime.getTasksByName('SLOW')).toEqual([]);
    release();
    await expect(running).resolves.toBe(1);
    expect(await drain.tick()).toBe(0);
    expect(passes).toBe(1);
  });

  it('logs a pass asked for in passing that fails (the database away), instead of leaving a rejection that would end the process', async () => {
    const captured = createCapturingLogger('warn');
    const own = await createTestRuntime({ logger: captured.logger });
    let fail = false;
    const drain = new TaskDrain({
      runtime: own,
      taskName: 'FLAKY',
      intervalMs: 100,
      drain: async () => (fail ? Promise.reject(new Error('database away')) : 1),
    });
    await drain.start();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      fail = true;
      drain.nudge();
      while (captured.messages('warn').length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setImmediate(resolve));
      expect(captured.messages('warn')).toEqual(['A queue drain pass failed; the next pass retries']);
      expect(unhandled).toEqual([]);
      fail = false;
      expect(await drain.tick()).toBe(1);
    } finally {
      process.removeListener('unhandledRejection', onUnhandled);
      await own.stop();
    }
  });
});
