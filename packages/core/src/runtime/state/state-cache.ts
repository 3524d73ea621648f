import type { State } from '../../types/state';
import { LruMap } from '../../maps/lru-map';

/**
 * Bounded LRU of composed states by message id. Entries of a run are dropped
 * when the run ends, so a long-lived agent never accumulates states.
 */
export class StateCache {
  /** LRU: a message's state is read again by later steps of its turn. A Map: elizaOS's `runtime.stateCache`. */
  readonly entries: LruMap<string, State>;
  private readonly byRun = new Map<string, Set<string>>();

  constructor(maxEntries = 500) {
    this.entries = new LruMap(maxEntries);
  }

  get(key: string): State | undefined {
    return this.entries.get(key);
  }

  set(key: string, state: State, runId?: string): void {
    this.entries.set(key, state);
    if (runId) {
      const keys = this.byRun.get(runId) ?? new Set<string>();
      keys.add(key);
      this.byRun.set(runId, keys);
    }
  }

  dropRun(runId: string): void {
    const keys = this.byRun.get(runId);
    if (!keys) return;
    for (const key of keys) this.entries.delete(key);
    this.byRun.delete(runId);
  }

  get size(): number {
    return this.entries.size;
  }
}
