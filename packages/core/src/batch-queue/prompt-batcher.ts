import { QueueDisposedError } from '../errors';
import type { ModelParamsMap, ModelResultMap, ModelTypeName } from '../types/model';
import type { IAgentRuntime } from '../types/runtime';
import { BatchQueue } from './batch-queue';
import type { Priority } from './priority-queue';

/** Worker name every affinity's drain shares (one worker, told apart by drain id). */
export const PROMPT_BATCHER_WORKER = 'BATCHER_DRAIN';

interface PromptJob {
  modelType: ModelTypeName;
  params: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface PromptBatcherOptions {
  /** Background model calls in flight per affinity (MAX_CONCURRENT_BACKGROUND_PROMPTS, default 2). */
  maxConcurrent?: number;
  /** Idle drain interval of each affinity's repeat task (default 1 s; work is drained on enqueue anyway). */
  intervalMs?: number;
}

/**
 * Model calls that need not block a reply (reflection, other evaluators)
 * queue here, one queue per affinity (the model type), each with at most
 * `maxConcurrent` calls in flight. Replies call `useModel` directly and so
 * never wait behind background work.
 */
export class PromptBatcher {
  private readonly queues = new Map<string, Promise<BatchQueue<PromptJob>>>();
  private disposed = false;

  constructor(
    private readonly runtime: IAgentRuntime,
    private readonly options: PromptBatcherOptions = {},
  ) {}

  submit<T extends ModelTypeName>(
    modelType: T,
    params: ModelParamsMap[T],
    priority: Priority = 'normal',
  ): Promise<ModelResultMap[T]> {
    if (this.disposed) return Promise.reject(new QueueDisposedError(`prompt-batcher:${modelType}`));
    return new Promise<ModelResultMap[T]>((resolve, reject) => {
      const job: PromptJob = { modelType, params, resolve: resolve as (value: unknown) => void, reject };
      this.queueFor(modelType).then(
        (queue) => queue.enqueue(job, priority),
        (error: unknown) => reject(error),
      );
    });
  }

  /** Stops every affinity; calls not yet started reject with QueueDisposedError. */
  async dispose(): Promise<void> {
    this.disposed = true;
    const queues = await Promise.allSettled(this.queues.values());
    for (const settled of queues) {
      if (settled.status !== 'fulfilled') continue;
      const queue = settled.value;
      await queue.dispose();
      for (const job of queue.takeRemaining()) job.reject(new QueueDisposedError(`prompt-batcher:${job.modelType}`));
    }
    this.queues.clear();
  }

  private queueFor(affinity: string): Promise<BatchQueue<PromptJob>> {
    let queue = this.queues.get(affinity);
    if (!queue) {
      queue = this.openQueue(affinity, this.queues.size > 0);
      this.queues.set(affinity, queue);
    }
    return queue;
  }

  private async openQueue(affinity: string, workerRegistered: boolean): Promise<BatchQueue<PromptJob>> {
    const queue = new BatchQueue<PromptJob>({
      runtime: this.runtime,
      name: `prompt-batcher:${affinity}`,
      taskName: PROMPT_BATCHER_WORKER,
      skipRegisterWorker: workerRegistered,
      batchSize: 1,
      maxParallel: Math.max(1, this.options.maxConcurrent ?? 2),
      // useModel already falls back across providers; a second attempt here would double the cost.
      maxAttempts: 1,
      intervalMs: this.options.intervalMs ?? 1_000,
      drainOnEnqueue: true,
      processBatch: async ([job]) => {
        job.resolve(await this.runtime.useModel(job.modelType, job.params as never));
      },
      onExhausted: ([job], error) => job.reject(error),
    });
    await queue.start();
    return queue;
  }
}
