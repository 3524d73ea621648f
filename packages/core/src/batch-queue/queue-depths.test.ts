import type { AgentRuntime } from '../runtime/agent-runtime';
import { createTestRuntime } from '../testing/create-test-runtime';
import { BatchQueue } from './batch-queue';
import { queueDepthsOf } from './queue-depths';

describe('queueDepthsOf', () => {
  let runtime: AgentRuntime;
  beforeEach(async () => {
    runtime = await createTestRuntime();
  });
  afterEach(() => runtime.stop());

  it("reads each started BatchQueue's depth by name, and forgets a disposed one", async () => {
    const queue = new BatchQueue<number>({
      runtime,
      name: 'depth-test',
      intervalMs: 60_000,
      processBatch: async () => undefined,
    });
    expect(queueDepthsOf(runtime).has('depth-test')).toBe(false);
    await queue.start();
    queue.enqueue(1);
    queue.enqueue(2);
    expect(queueDepthsOf(runtime).get('depth-test')?.()).toBe(2);
    await queue.drainOnce();
    expect(queueDepthsOf(runtime).get('depth-test')?.()).toBe(0);
    await queue.dispose();
    expect(queueDepthsOf(runtime).has('depth-test')).toBe(false);
  });

  it('keeps the queues of different runtimes apart', async () => {
    const other = await createTestRuntime();
    try {
      const queue = new BatchQueue<number>({ runtime: other, name: 'other', processBatch: async () => undefined });
      await queue.start();
      expect([...queueDepthsOf(runtime).keys()]).not.toContain('other');
      expect([...queueDepthsOf(other).keys()]).toContain('other');
      await queue.dispose();
    } finally {
      await other.stop();
    }
  });
});
