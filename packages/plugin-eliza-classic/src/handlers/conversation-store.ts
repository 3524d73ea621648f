import { LruMap, type IAgentRuntime } from '@kith/core';
import { ElizaEngine } from '../doctor/eliza-engine';
import { parseElizaState, type ElizaState } from '../doctor/eliza-state';

/** Cache key of one conversation partner's DOCTOR state. */
export function conversationKey(agentId: string, speaker: string | null): string {
  return `eliza-classic:doctor:${agentId}:${(speaker ?? '').trim() || 'anonymous'}`;
}

/**
 * One DOCTOR state per conversation partner. The runtime cache is the
 * record when it works, so a restarted process keeps its memory queue; an
 * in-process map covers a runtime without a database adapter (its cache
 * calls throw) and is bounded so a long-lived process does not grow.
 * Turns for the same key run one after another: two overlapping calls would
 * otherwise both start from the same state and one update would be lost.
 */
export class ConversationStore {
  // LRU: the partners who spoke last are kept.
  private readonly local: LruMap<string, ElizaState>;
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(maxLocalEntries = 1000) {
    this.local = new LruMap(maxLocalEntries);
  }

  async withEngine<T>(runtime: IAgentRuntime, key: string, use: (engine: ElizaEngine) => T): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const turn = previous
      .catch(() => undefined)
      .then(async () => {
        const engine = new ElizaEngine({ state: await this.load(runtime, key) });
        const result = use(engine);
        await this.save(runtime, key, engine.exportState());
        return result;
      });
    this.queues.set(key, turn);
    try {
      return await turn;
    } finally {
      if (this.queues.get(key) === turn) this.queues.delete(key);
    }
  }

  private async load(runtime: IAgentRuntime, key: string): Promise<ElizaState | undefined> {
    try {
      const cached = typeof runtime.getCache === 'function' ? await runtime.getCache<ElizaState>(key) : undefined;
      if (cached !== undefined && cached !== null) return parseElizaState(cached);
    } catch {
      // No adapter (or it failed): the in-process copy is all there is.
    }
    return this.local.get(key);
  }

  private async save(runtime: IAgentRuntime, key: string, state: ElizaState): Promise<void> {
    this.local.set(key, state);
    try {
      if (typeof runtime.setCache === 'function') await runtime.setCache(key, state);
    } catch {
      // Persisting is best effort; the conversation goes on from the local copy.
    }
  }
}
