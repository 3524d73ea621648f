import type { IAgentRuntime } from '../types/runtime';

const byRuntime = new WeakMap<IAgentRuntime, Map<string, () => number>>();

/**
 * The work queues of one agent (every BatchQueue: embeddings, background
 * prompts, a plugin's own), by name, with a way to read how many items wait
 * in each. Metrics read it at scrape time, so a queue costs nothing here
 * until someone asks.
 */
export function queueDepthsOf(runtime: IAgentRuntime): ReadonlyMap<string, () => number> {
  return byRuntime.get(runtime) ?? new Map<string, () => number>();
}

/** Makes a queue's depth readable through queueDepthsOf; returns the function that forgets it. */
export function trackQueueDepth(runtime: IAgentRuntime, name: string, depth: () => number): () => void {
  let queues = byRuntime.get(runtime);
  if (!queues) {
    queues = new Map();
    byRuntime.set(runtime, queues);
  }
  queues.set(name, depth);
  return () => {
    if (queues.get(name) === depth) queues.delete(name);
  };
}
