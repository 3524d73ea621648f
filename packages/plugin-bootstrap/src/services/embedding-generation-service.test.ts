import type { AgentRuntime, Memory, Plugin, UUID } from '@kith/core';
import { createTestRuntime, deterministicEmbedding } from '@kith/core/test';
import { EmbeddingGenerationService } from './embedding-generation-service';

const DIMS = 8;
const ROOM = '00000000-0000-0000-0000-0000000000aa' as UUID;

interface Embedder {
  plugin: Plugin;
  calls: number[];
  fail: boolean;
}

/** A TEXT_EMBEDDING handler that takes `{ texts }` and records each call's batch size. */
function embedder(): Embedder {
  const state: Embedder = {
    calls: [],
    fail: false,
    plugin: {
      name: 'embedder',
      description: 'batch-aware test embedder',
      models: {
        TEXT_EMBEDDING: async (_rt, params) => {
          const input = params as { text?: string; texts?: string[] } | null;
          if (state.fail && input?.texts) throw new Error('embedding backend down');
          if (input?.texts) {
            state.calls.push(input.texts.length);
            return input.texts.map((t) => deterministicEmbedding(t, DIMS));
          }
          return deterministicEmbedding(input?.text ?? '', DIMS);
        },
      },
    },
  };
  return state;
}

async function storedMessages(runtime: AgentRuntime, count: number, prefix = 'message'): Promise<Memory[]> {
  const memories: Memory[] = [];
  for (let i = 0; i < count; i++) {
    const memory: Memory = { entityId: runtime.agentId, roomId: ROOM, content: { text: `${prefix} ${i}` } };
    memory.id = await runtime.createMemory(memory, 'messages');
    memories.push(memory);
  }
  return memories;
}

describe('EmbeddingGenerationService', () => {
  let runtime: AgentRuntime;
  let service: EmbeddingGenerationService;
  let model: Embedder;
  const completed: UUID[] = [];
  const failed: { id: UUID; error?: string }[] = [];

  async function setUp(settings: Record<string, string> = {}) {
    model = embedder();
    runtime = await createTestRuntime({
      plugins: [model.plugin],
      settings: { EMBEDDING_DRAIN_INTERVAL_MS: '60000', ...settings },
    });
    service = await EmbeddingGenerationService.start(runtime);
    completed.length = 0;
    failed.length = 0;
    runtime.registerEvent('EMBEDDING_GENERATION_COMPLETED', async ({ memory }) => void completed.push(memory.id!));
    runtime.registerEvent(
      'EMBEDDING_GENERATION_FAILED',
      async ({ memory, error }) => void failed.push({ id: memory.id!, error }),
    );
    model.calls.length = 0;
  }

  afterEach(async () => {
    await service.stop();
    await runtime.stop();
  });

  it('embeds queued memories in batches and stores each vector', async () => {
    await setUp({ EMBEDDING_BATCH_SIZE: '64' });
    const memories = await storedMessages(runtime, 100);
    for (const memory of memories) await runtime.queueEmbeddingGeneration(memory, 'normal');
    expect(service.pending).toBe(100);
    await service.flush();
    expect(model.calls).toEqual([64, 36]);
    expect(completed).toHaveLength(100);
    const stored = await runtime.getMemoryById(memories[42].id!);
    expect(stored?.embedding).toEqual(deterministicEmbedding('message 42', DIMS));
    const [hit] = await runtime.searchMemories({
      tableName: 'messages',
      embedding: deterministicEmbedding('message 7', DIMS),
      count: 1,
    });
    expect(hit.similarity).toBeCloseTo(1, 6);
  });

  it('embeds a high-priority memory at once, without waiting for the drain interval', async () => {
    await setUp();
    const [memory] = await storedMessages(runtime, 1);
    await runtime.queueEmbeddingGeneration(memory, 'high');
    // The drain interval is 60 s here: completing within a couple of seconds proves the immediate drain.
    for (let waited = 0; completed.length === 0 && waited < 2_000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(completed).toEqual([memory.id]);
  });

  it('skips memories without text or already embedded', async () => {
    await setUp();
    const [memory] = await storedMessages(runtime, 1);
    await runtime.emitEvent('EMBEDDING_GENERATION_REQUESTED', {
      memory: { ...memory, embedding: [1] },
      priority: 'normal',
    });
    await runtime.emitEvent('EMBEDDING_GENERATION_REQUESTED', {
      memory: { ...memory, content: {} },
      priority: 'normal',
    });
    expect(service.pending).toBe(0);
  });

  it('reports EMBEDDING_GENERATION_FAILED for a batch that never succeeds', async () => {
    await setUp();
    const memories = await storedMessages(runtime, 3);
    for (const memory of memories) await runtime.queueEmbeddingGeneration(memory);
    // The first (batch) call decides whether the handler takes arrays; let that succeed once.
    await service.flush();
    model.fail = true;
    const more = await storedMessages(runtime, 2, 'later');
    for (const memory of more) await runtime.queueEmbeddingGeneration(memory);
    await service.flush();
    expect(failed.map((f) => f.id).sort()).toEqual(more.map((m) => m.id).sort());
    expect(failed[0].error).toBe('embedding backend down');
    expect((await runtime.getMemoryById(more[0].id!))?.embedding).toBeUndefined();
  });

  it('is bounded: when full it drops low-priority and oldest items first and reports each', async () => {
    await setUp({ EMBEDDING_QUEUE_MAX: '3' });
    const [a, b, c, d, e] = await storedMessages(runtime, 5);
    await runtime.queueEmbeddingGeneration(a, 'normal');
    await runtime.queueEmbeddingGeneration(b, 'low');
    await runtime.queueEmbeddingGeneration(c, 'normal');
    await runtime.queueEmbeddingGeneration(d, 'normal'); // drops b (low)
    await runtime.queueEmbeddingGeneration(e, 'normal'); // drops a (oldest normal)
    await new Promise((resolve) => setImmediate(resolve));
    expect(failed.map((f) => f.id)).toEqual([b.id, a.id]);
    expect(failed[0].error).toContain('queue was full');
    await service.flush();
    expect(completed.sort()).toEqual([c.id, d.id, e.id].sort());
  });

  it('on stop embeds what is queued at high priority and leaves the rest', async () => {
    await setUp();
    const [urgent, later] = await storedMessages(runtime, 2);
    await runtime.queueEmbeddingGeneration(later, 'low');
    await runtime.queueEmbeddingGeneration(urgent, 'high');
    await service.stop();
    expect(completed).toEqual([urgent.id]);
  });
});
