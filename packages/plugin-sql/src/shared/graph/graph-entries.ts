/** The tables whose reads are cached: written rarely, read on every turn. */
export const GRAPH_TABLES: readonly string[] = ['rooms', 'worlds', 'entities', 'components', 'participants'];

/** Past this many entries the cache starts over (ids are unbounded; a turn needs a handful). */
const MAX_ENTRIES = 4_096;
/** ...or past this much JSON text (a room with thousands of participants makes a large entry). */
const MAX_CHARS = 8_000_000;
/** A result larger than this is not kept at all. */
const MAX_ENTRY_CHARS = 1_000_000;

/**
 * The entries of a graph read cache (rooms, worlds, entities, components,
 * participants), bounded in count and size. Each dialect decides when they
 * may be answered and when they are stale (SQLite: triggers and
 * data_version; PostgreSQL: its change feed). Entries are kept as JSON text
 * and parsed for each reader, so callers get objects of their own and may
 * change them freely.
 */
export class GraphEntries {
  private readonly entries = new Map<string, string>();
  private chars = 0;
  private cleared = 0;

  /** A copy of the entry under `key`, or undefined. */
  get<T>(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit === undefined ? undefined : (JSON.parse(hit) as T);
  }

  /** Keeps `value` under `key` (undefined kept as null, which stands in for "not found"). */
  set(key: string, value: unknown): void {
    const json = JSON.stringify(value ?? null);
    if (json.length > MAX_ENTRY_CHARS) return;
    if (this.entries.size >= MAX_ENTRIES || this.chars + json.length > MAX_CHARS) this.clear();
    this.entries.set(key, json);
    this.chars += json.length;
  }

  clear(): void {
    if (this.entries.size === 0) return;
    this.entries.clear();
    this.chars = 0;
    this.cleared += 1;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Entries held, their size in characters, and how often they were emptied (for tests and stats). */
  stats(): { entries: number; chars: number; cleared: number } {
    return { entries: this.entries.size, chars: this.chars, cleared: this.cleared };
  }
}
