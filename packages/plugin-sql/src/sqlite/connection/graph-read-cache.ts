import type Database from 'better-sqlite3';
import { GRAPH_TABLES, GraphEntries } from '../../shared/graph/graph-entries';

export { GRAPH_TABLES } from '../../shared/graph/graph-entries';

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
 */
export class GraphReadCache {
  private readonly entries = new GraphEntries();
  private readonly dataVersion: Database.Statement<[], number>;
  private seenVersion: number | undefined;

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
    const hit = this.entries.get<T>(key);
    if (hit !== undefined) return hit;
    const value = load();
    if (!this.sqlite.inTransaction) this.entries.set(key, value);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Entries held, their size in characters, and how often the cache was emptied (for tests and stats). */
  stats(): { entries: number; chars: number; cleared: number } {
    return this.entries.stats();
  }
}
