import {
  BatchQueue,
  embedTexts,
  type EmbeddingGenerationPayload,
  type IAgentRuntime,
  type Memory,
  Semaphore,
  Service,
  ServiceType,
} from '@kith/core';

/** Settings, read once at start. */
const DEFAULTS = {
  EMBEDDING_BATCH_SIZE: 64,
  EMBEDDING_MAX_PARALLEL: 4,
  EMBEDDING_QUEUE_MAX: 10_000,
  EMBEDDING_DRAIN_INTERVAL_MS: 500,
} as const;

function numberSetting(runtime: IAgentRuntime, key: keyof typeof DEFAULTS): number {
  const raw = runtime.getSetting(key);
  const value = typeof raw === 'number' ? raw : Number(raw);
  return raw !== null && raw !== undefined && raw !== '' && Number.isFinite(value) && value > 0 ? value : DEFAULTS[key];
}

/**
 * Embeds stored memories in the background. EMBEDDING_GENERATION_REQUESTED
 * (sent by `runtime.queueEmbeddingGeneration`) queues a memory by priority;
 * the queue is drained in batches (one `{ texts }` call when the handler
 * accepts it, bounded single calls otherwise), each vector is stored with
 * `updateMemory`, and the outcome is reported as
 * EMBEDDING_GENERATION_COMPLETED or _FAILED. The queue is bounded: when
 * full, low-priority and oldest items go first.
 */
export class EmbeddingGenerationService extends Service {
  static override serviceType = ServiceType.EMBEDDING;
  capabilityDescription = 'Generates and stores embeddings for memories in the background';

  private queue: BatchQueue<Memory> | null = null;
  /** Bounds the TEXT_EMBEDDING calls in flight across every batch. */
  private semaphore: Semaphore | null = null;

  static override async start(runtime: IAgentRuntime): Promise<EmbeddingGenerationService> {
    const service = new EmbeddingGenerationService(runtime);
    await service.open();
    return service;
  }

  private async open(): Promise<void> {
    const runtime = this.runtime;
    const maxParallel = numberSetting(runtime, 'EMBEDDING_MAX_PARALLEL');
    this.semaphore = new Semaphore(maxParallel);
    this.queue = new BatchQueue<Memory>({
      runtime,
      name: 'embeddings',
      taskName: 'EMBEDDING_DRAIN',
      batchSize: numberSetting(runtime, 'EMBEDDING_BATCH_SIZE'),
      // Twice as many batches as model calls: one batch stores its vectors while another waits on the model.
      maxParallel: maxParallel * 2,
      maxSize: numberSetting(runtime, 'EMBEDDING_QUEUE_MAX'),
      intervalMs: numberSetting(runtime, 'EMBEDDING_DRAIN_INTERVAL_MS'),
      processBatch: (memories) => this.embedBatch(memories),
      onExhausted: (memories, error) => this.reportFailure(memories, error),
      onDrop: (memory) => void this.reportFailure([memory], new Error('dropped: the embedding queue was full')),
    });
    await this.queue.start();
    runtime.registerEvent('EMBEDDING_GENERATION_REQUESTED', (payload) => this.onRequested(payload));
  }

  /** Items waiting to be embedded. */
  get pending(): number {
    return this.queue?.size ?? 0;
  }

  /** Embeds everything queued now (tests, shutdown paths). */
  async flush(): Promise<void> {
    await this.queue?.drainOnce();
  }

  private async onRequested(payload: EmbeddingGenerationPayload): Promise<void> {
    const memory = payload.memory;
    if (!this.queue || !memory?.id || !memory.content?.text || memory.embedding) return;
    if (!this.runtime.getModel('TEXT_EMBEDDING')) return;
    this.queue.enqueue(memory, payload.priority ?? 'normal');
  }

  private async embedBatch(memories: Memory[]): Promise<void> {
    const vectors = await embedTexts(
      this.runtime,
      memories.map((memory) => memory.content.text ?? ''),
      { semaphore: this.semaphore ?? undefined },
    );
    // All at once: the adapter can store the whole batch in one commit.
    const updated = await Promise.all(
      memories.map((memory, index) => this.runtime.updateMemory({ id: memory.id!, embedding: vectors[index] })),
    );
    for (const [index, memory] of memories.entries()) {
      // A memory deleted while queued has nothing to update; that is not a failure.
      if (!updated[index]) continue;
      memory.embedding = vectors[index];
      await this.runtime.emitEvent('EMBEDDING_GENERATION_COMPLETED', {
        runtime: this.runtime,
        memory,
        source: 'embedding-service',
      });
    }
  }

  private async reportFailure(memories: Memory[], error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    this.runtime.logger.warn(
      { count: memories.length, err: error },
      `Embedding generation failed for ${memories.length} memories: ${message}`,
    );
    for (const memory of memories) {
      await this.runtime.emitEvent('EMBEDDING_GENERATION_FAILED', {
        runtime: this.runtime,
        memory,
        error: message,
        source: 'embedding-service',
      });
    }
  }

  async stop(): Promise<void> {
    const queue = this.queue;
    this.queue = null;
    // Flushes high-priority items (messages the agent must recall soon); the rest is dropped with the process.
    await queue?.dispose();
  }
}
