import type { State } from '../../types/state';

/**
 * Bounded LRU of composed states by message id. Entries of a run are dropped
 * when the run ends, so a long-lived agent never accumulates states.
 */
export class StateCache {
  private readonly entries = new Map<string, State>();
  private readonly byRun = new Map<string, Set<string>>();

  constructor(private readonly maxEntries = 500) {}

  get(key: string): State | undefined {
    const state = this.entries.get(key);
    if (state) {
      this.entries.delete(key);
      this.entries.set(key, state);
    }
    return state;
  }

  set(key: string, state: State, runId?: string): void {
    this.entries.delete(key);
    this.entries.set(key, state);
    if (runId) {
      const keys = this.byRun.get(runId) ?? new Set<string>();
      keys.add(key);
      this.byRun.set(runId, keys);
    }
    while (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
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
