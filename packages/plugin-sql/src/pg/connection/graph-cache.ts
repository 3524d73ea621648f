import { GRAPH_TABLES, GraphEntries } from '../../shared/graph/graph-entries';
import type { Change, ChangeFeed, ChangeSubscriber } from './change-feed';

const CACHED_TABLES = new Set(GRAPH_TABLES);

/**
 * Reads of rooms, worlds, entities, components and participants on
 * PostgreSQL, kept until anything changes those tables: this adapter's own
 * writes clear it at once, anyone else's (another server, plugin SQL)
 * through a change notification. A read that raced with a change is not
 * kept (generation check). Nothing is answered from memory while the change
 * listener is down.
 */
export class PgGraphCache implements ChangeSubscriber {
  private readonly entries = new GraphEntries();
  private generation = 0;

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe(this);
  }

  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.feed.live) {
      const hit = this.entries.get<T>(key);
      if (hit !== undefined) return hit;
    }
    const generation = this.generation;
    const value = await load();
    if (this.feed.live && generation === this.generation) this.entries.set(key, value);
    return value;
  }

  /** Forgets everything (a write to one of the tables). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  changed(change: Change): void {
    if (CACHED_TABLES.has(change.table)) this.clear();
  }

  reset(): void {
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
