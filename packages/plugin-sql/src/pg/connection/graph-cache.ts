import type { Change, ChangeFeed, ChangeSubscriber } from './change-feed';

/** The tables whose reads are cached: written rarely, read on every turn. */
export const GRAPH_TABLES = new Set(['rooms', 'worlds', 'entities', 'components', 'participants']);

const MAX_ENTRIES = 4_096;
const MAX_CHARS = 8_000_000;
const MAX_ENTRY_CHARS = 1_000_000;

/**
 * Reads of rooms, worlds, entities, components and participants on
 * PostgreSQL, kept until anything changes those tables: this adapter's own
 * writes clear it at once, anyone else's (another server, plugin SQL)
 * through a change notification. A read that raced with a change is not
 * kept (generation check). Nothing is answered from memory while the change
 * listener is down. Entries are JSON text, parsed for each reader, so
 * callers get objects of their own.
 */
export class PgGraphCache implements ChangeSubscriber {
  private readonly entries = new Map<string, string>();
  private chars = 0;
  private generation = 0;

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe(this);
  }

  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.feed.live) {
      const hit = this.entries.get(key);
      if (hit !== undefined) return JSON.parse(hit) as T;
    }
    const generation = this.generation;
    const value = await load();
    if (this.feed.live && generation === this.generation) {
      const json = JSON.stringify(value ?? null);
      if (json.length <= MAX_ENTRY_CHARS) {
        if (this.entries.size >= MAX_ENTRIES || this.chars + json.length > MAX_CHARS) this.clear();
        this.entries.set(key, json);
        this.chars += json.length;
      }
    }
    return value;
  }

  /** Forgets everything (a write to one of the tables). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.chars = 0;
  }

  changed(change: Change): void {
    if (GRAPH_TABLES.has(change.table)) this.clear();
  }

  reset(): void {
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
