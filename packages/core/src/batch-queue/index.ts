export { PriorityQueue, type Priority, type PriorityQueueOptions } from './priority-queue';
export { Semaphore } from './semaphore';
export { BatchProcessor, type BatchProcessorOptions, type BatchResult } from './batch-processor';
export { TaskDrain, type TaskDrainOptions } from './task-drain';
export { BatchQueue, type BatchQueueOptions } from './batch-queue';
export { backoffDelay, retryWithBackoff, type RetryOptions } from './retry';
export { PromptBatcher, PROMPT_BATCHER_WORKER, type PromptBatcherOptions } from './prompt-batcher';
export { queueDepthsOf, trackQueueDepth } from './queue-depths';
