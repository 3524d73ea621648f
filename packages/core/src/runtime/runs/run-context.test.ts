import { createTestRuntime } from '../../testing';
import type { UUID } from '../../types/primitives';
import { validateUuid } from '../../uuid/uuid';
import { RunTracker } from './run-context';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Reads the run id a few awaits deep, as a provider or model handler would. */
async function deepRunId(read: () => UUID | undefined, depth: number): Promise<UUID | undefined> {
  if (depth === 0) return read();
  await tick();
  return deepRunId(read, depth - 1);
}

describe('runs', () => {
  it('withRun gives concurrent flows distinct run ids, visible deep inside awaited calls', async () => {
    const runtime = await createTestRuntime();
    const flow = (delay: number) =>
      runtime.withRun(undefined, async (runId) => {
        const seen: (UUID | undefined)[] = [];
        for (let i = 0; i < 3; i++) {
          seen.push(await deepRunId(() => runtime.getCurrentRunId(), delay + i));
          await new Promise((r) => setTimeout(r, delay));
        }
        return { runId, seen };
      });
    const results = await Promise.all([flow(1), flow(2), flow(3)]);
    const ids = results.map((r) => r.runId);
    expect(new Set(ids).size).toBe(3);
    for (const { runId, seen } of results) {
      expect(validateUuid(runId)).toBe(runId);
      expect(seen).toEqual([runId, runId, runId]);
    }
    expect(runtime.getCurrentRunId()).toBeUndefined();
  });

  it('nested withRun shadows the outer run and restores it afterwards', async () => {
    const runtime = await createTestRuntime();
    await runtime.withRun(undefined, async (outer) => {
      const inner = await runtime.withRun(undefined, async (id) => {
        expect(runtime.getCurrentRunId()).toBe(id);
        return id;
      });
      expect(inner).not.toBe(outer);
      expect(runtime.getCurrentRunId()).toBe(outer);
    });
  });

  it('startRun sets the run for the rest of the flow and endRun clears it', async () => {
    const runtime = await createTestRuntime();
    const flow = async () => {
      const runId = runtime.startRun('22222222-2222-2222-2222-222222222222');
      const seenBefore = await deepRunId(() => runtime.getCurrentRunId(), 2);
      runtime.endRun();
      const seenAfter = await deepRunId(() => runtime.getCurrentRunId(), 1);
      return { runId, seenBefore, seenAfter };
    };
    const [a, b] = await Promise.all([flow(), flow()]);
    expect(a.runId).not.toBe(b.runId);
    expect(a.seenBefore).toBe(a.runId);
    expect(b.seenBefore).toBe(b.runId);
    expect(a.seenAfter).toBeUndefined();
    expect(b.seenAfter).toBeUndefined();
  });

  it('createRunId returns a fresh uuid without starting a run', async () => {
    const runtime = await createTestRuntime();
    const id = runtime.createRunId();
    expect(validateUuid(id)).toBe(id);
    expect(id).not.toBe(runtime.createRunId());
    await runtime.withRun(undefined, async () => {
      const current = runtime.getCurrentRunId();
      runtime.createRunId();
      expect(runtime.getCurrentRunId()).toBe(current);
    });
  });
});

describe('RunTracker', () => {
  it('notifies end listeners once per run, even when endRun is called inside withRun', async () => {
    const tracker = new RunTracker();
    const ended: UUID[] = [];
    tracker.onEnded((id) => ended.push(id));
    const runId = await tracker.within('22222222-2222-2222-2222-222222222222', async (id) => {
      expect(tracker.current()?.roomId).toBe('22222222-2222-2222-2222-222222222222');
      tracker.end();
      expect(tracker.current()).toBeUndefined();
      return id;
    });
    expect(ended).toEqual([runId]);
  });

  it('notifies end listeners when withRun throws', async () => {
    const tracker = new RunTracker();
    const ended: UUID[] = [];
    tracker.onEnded((id) => ended.push(id));
    await expect(tracker.within(undefined, async () => Promise.reject(new Error('turn failed')))).rejects.toThrow(
      'turn failed',
    );
    expect(ended).toHaveLength(1);
  });
});
