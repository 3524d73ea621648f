import type Database from 'better-sqlite3';

/** The tables whose reads are cached: written rarely, read on every turn. */
export const GRAPH_TABLES = ['rooms', 'worlds', 'entities', 'components', 'participants'] as const;

/** Past this many entries the cache starts over (ids are unbounded; a turn needs a handful). */
const MAX_ENTRIES = 4_096;
/** ...or past this much JSON text (a room with thousands of participants makes a large entry). */
const MAX_CHARS = 8_000_000;
/** A result larger than this is not kept at all. */
const MAX_ENTRY_CHARS = 1_000_000;

const CHANGED_FUNCTION = 'kith_graph_changed';

/**
 * Results of reads on the "graph" tables (rooms, worlds, entities,
 * components, participants), kept until anything changes them. A turn reads
 * its room, world, participants and their entities; these change a few times
 * per conversation, and the reads cost 20-50 µs each.
 *
 * Staying correct, whoever writes:
 * - this connection (the adapter, plugin SQL through `runtime.db`): TEMP
 *   triggers on the five tables call back into JavaScript and empty the cache;
 * - another process: `PRAGMA data_version` changes, checked on every read;
 * - a transaction in progress: nothing read inside one is cached, so a
 *   rollback cannot leave uncommitted rows behind.
 *
 * Entries are kept as JSON text and parsed for each reader, so callers get
 * objects of their own and may change them freely.
 */
export class GraphReadCache {
  private readonly entries = new Map<string, string>();
  private chars = 0;
  private readonly dataVersion: Database.Statement<[], number>;
  private seenVersion: number | undefined;
  private cleared = 0;

  constructor(private readonly sqlite: Database.Database) {
    sqlite.function(CHANGED_FUNCTION, { deterministic: false }, () => {
      this.clear();
      return null;
    });
    for (const table of GRAPH_TABLES) {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        sqlite.exec(
          `CREATE TEMP TRIGGER IF NOT EXISTS kith_graph_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table}
           BEGIN SELECT ${CHANGED_FUNCTION}(); END`,
        );
      }
    }
    this.dataVersion = sqlite.prepare<[], number>('PRAGMA data_version').pluck();
  }

  /** The cached result of `load` under `key`, or `load()` (cached when outside a transaction). */
  read<T>(key: string, load: () => T): T {
    const version = this.dataVersion.get();
    if (version !== this.seenVersion) {
      // Another process committed: anything may have changed.
      this.clear();
      this.seenVersion = version;
    }
    const hit = this.entries.get(key);
    if (hit !== undefined) return JSON.parse(hit) as T;
    const value = load();
    if (!this.sqlite.inTransaction) {
      // undefined is not JSON; null stands in for "not found" everywhere here.
      const json = JSON.stringify(value ?? null);
      if (json.length <= MAX_ENTRY_CHARS) {
        if (this.entries.size >= MAX_ENTRIES || this.chars + json.length > MAX_CHARS) this.clear();
        this.entries.set(key, json);
        this.chars += json.length;
      }
    }
    return value;
  }

  clear(): void {
    if (this.entries.size === 0) return;
    this.entries.clear();
    this.chars = 0;
    this.cleared += 1;
  }

  /** Entries held, their size in characters, and how often the cache was emptied (for tests and stats). */
  stats(): { entries: number; chars: number; cleared: number } {
    return { entries: this.entries.size, chars: this.chars, cleared: this.cleared };
  }
}
