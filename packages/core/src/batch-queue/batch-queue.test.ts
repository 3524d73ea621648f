import type { AgentRuntime } from '../runtime/agent-runtime';
import { createTestRuntime } from '../testing/create-test-runtime';
import { ErrorCode } from '../errors/error-codes';
import { KithError } from '../errors/kith-error';
import { BatchQueue, type BatchQueueOptions } from './batch-queue';

describe('BatchQueue', () => {
  let runtime: AgentRuntime;
  beforeEach(async () => {
    runtime = await createTestRuntime();
  });
  afterEach(() => runtime.stop());

  const queueOf = (options: Partial<BatchQueueOptions<string>> & Pick<BatchQueueOptions<string>, 'processBatch'>) =>
    new BatchQueue<string>({
      runtime,
      name: 'test',
      intervalMs: 60_000,
      retry: { baseDelayMs: 1, jitter: 0 },
      ...options,
    });

  it('drains in priority order, in batches of batchSize, at most maxParallel at once', async () => {
    const batches: string[][] = [];
    let running = 0;
    let peak = 0;
    const queue = queueOf({
      batchSize: 2,
      maxParallel: 2,
      processBatch: async (batch) => {
        running++;
        peak = Math.max(peak, running);
        batches.push(batch);
        await new Promise((resolve) => setImmediate(resolve));
        running--;
      },
    });
    queue.enqueue('l1', 'low');
    queue.enqueue('n1');
    queue.enqueue('n2');
    queue.enqueue('n3');
    queue.enqueue('l2', 'low');
    expect(await queue.drainOnce()).toBe(5);
    expect(batches).toEqual([['n1', 'n2'], ['n3', 'l1'], ['l2']]);
    expect(peak).toBe(2);
    expect(queue.size).toBe(0);
  });

  it('a high-priority item triggers a drain without waiting for the interval', async () => {
    const seen: string[] = [];
    const queue = queueOf({ processBatch: async (batch) => void seen.push(...batch) });
    await queue.start();
    queue.enqueue('later');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen).toEqual([]);
    queue.enqueue('now', 'high');
    // The interval is 60 s: done well before it means the enqueue itself triggered the drain.
    const started = Date.now();
    while (seen.length < 2 && Date.now() - started < 900) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen).toEqual(['now', 'later']);
    await queue.dispose();
  });

  it('does not retry a batch that fails while the queue is disposed: shutdown waits for no backoff', async () => {
    let calls = 0;
    let fail: (error: Error) => void = () => undefined;
    let entered: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    const exhausted: string[][] = [];
    const queue = queueOf({
      maxAttempts: 3,
      processBatch: () => {
        calls++;
        entered();
        return new Promise<void>((_resolve, reject) => (fail = reject));
      },
      onExhausted: (batch) => void exhausted.push(batch),
    });
    queue.enqueue('a');
    const pass = queue.drainOnce();
    await inFlight;
    const disposed = queue.dispose();
    fail(new Error('model down'));
    await Promise.all([pass, disposed]);
    expect(calls).toBe(1);
    expect(exhausted).toEqual([['a']]);
  });

  it('retries a failing batch and hands it to onExhausted when it never succeeds', async () => {
    let calls = 0;
    const exhausted: string[][] = [];
    const queue = queueOf({
      maxAttempts: 3,
      processBatch: async () => {
        calls++;
        throw new Error('model down');
      },
      onExhausted: (batch) => void exhausted.push(batch),
    });
    queue.enqueue('a');
    await queue.drainOnce();
    expect(calls).toBe(3);
    expect(exhausted).toEqual([['a']]);
  });

  it('dispose flushes only high-priority items, serially, one attempt each, and refuses new work', async () => {
    let running = 0;
    let peak = 0;
    const attempts: string[] = [];
    const exhausted: string[][] = [];
    const queue = queueOf({
      batchSize: 1,
      maxParallel: 4,
      processBatch: async ([item]) => {
        running++;
        peak = Math.max(peak, running);
        attempts.push(item);
        await new Promise((resolve) => setImmediate(resolve));
        running--;
        if (item === 'h-bad') throw new Error('fails');
      },
      onExhausted: (batch) => void exhausted.push(batch),
    });
    await queue.start();
    // Enqueue without letting the immediate drain run: dispose comes first.
    queue.enqueue('n1');
    queue.enqueue('h1', 'high');
    queue.enqueue('h-bad', 'high');
    queue.enqueue('l1', 'low');
    const result = await queue.dispose();
    expect(attempts).toEqual(['h1', 'h-bad']);
    expect(peak).toBe(1);
    expect(exhausted).toEqual([['h-bad']]);
    expect(result.succeeded.map((s) => s.item)).toEqual([['h1']]);
    expect(queue.size).toBe(2); // normal and low stay unprocessed
    expect(await runtime.getTasksByName('BATCH_QUEUE_TEST')).toEqual([]);
    let thrown: unknown;
    try {
      queue.enqueue('late');
    } catch (error) {
      thrown = error;
    }
    expect(KithError.hasCode(thrown, ErrorCode.QUEUE_DISPOSED)).toBe(true);
  });

  it('dispose waits for a batch already in flight without starting new ones', async () => {
    let release!: () => void;
    const started: string[] = [];
    const queue = queueOf({
      batchSize: 1,
      maxParallel: 1,
      processBatch: async ([item]) => {
        started.push(item);
        if (item === 'first') await new Promise<void>((resolve) => (release = resolve));
      },
    });
    queue.enqueue('first');
    queue.enqueue('second');
    const draining = queue.drainOnce();
    await new Promise((resolve) => setImmediate(resolve));
    let disposed = false;
    const disposing = queue.dispose().then(() => (disposed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(disposed).toBe(false);
    release();
    await disposing;
    await draining;
    expect(started).toEqual(['first']);
  });

  it('is bounded: when full, low-priority and oldest items go first', async () => {
    const dropped: string[] = [];
    const queue = queueOf({
      maxSize: 2,
      processBatch: async () => undefined,
      onDrop: (item) => void dropped.push(item),
    });
    queue.enqueue('n1');
    queue.enqueue('l1', 'low');
    queue.enqueue('n2');
    queue.enqueue('n3');
    expect(dropped).toEqual(['l1', 'n1']);
    expect(queue.droppedCount).toBe(2);
    expect(queue.size).toBe(2);
  });
});
