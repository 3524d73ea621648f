import { BoundedMap } from '@kith/core';
import type Database from 'better-sqlite3';
import type { SqliteConnection, TransactionObserver } from '../connection/sqlite-connection';
import { type MemoryRow, SEQ } from './memory-row';
import { type ParsedRowJson, parseRowJson } from '../../shared/memories/memory-row';
import { insertNewest, RECENT_CAPACITY } from '../../shared/memories/recent-read';

export { RECENT_CAPACITY };

/** Rooms kept; past this the least recently filled one goes. */
const MAX_ROOMS = 512;

const CREATED_AT = 10;
const DIMENSION = 11;
const CHANGED_FUNCTION = 'kith_memories_changed';

interface Entry {
  /** Newest first, as the read returns them. */
  rows: MemoryRow[];
  /** True when the room holds no rows beyond these. */
  complete: boolean;
}

/** A change this connection's own write made and can apply to the cache after its commit. */
type OwnChange = { kind: 'insert'; row: MemoryRow } | { kind: 'dimension'; seq: number; dimension: number };

/** Newest first: created_at, then seq, both descending (the reads' ORDER BY). */
function newer(a: MemoryRow, b: MemoryRow): boolean {
  return a[CREATED_AT] !== b[CREATED_AT] ? a[CREATED_AT] > b[CREATED_AT] : a[SEQ] > b[SEQ];
}

/**
 * The newest memories of a room, per agent and table: the read every turn
 * makes (the conversation so far) answered from memory. The rows stay current
 * without re-reading them:
 * - this connection's own inserts and vector writes are applied to the cached
 *   rows once their transaction commits (a rolled-back savepoint makes the
 *   touched rooms read again instead);
 * - updates and deletes, and vector writes by anyone else on this connection
 *   (plugin SQL through `runtime.db`), are reported by TEMP triggers on
 *   `memories` and `embeddings`: the room is read again;
 * - inserts by anyone else show as a `max(seq)` this cache did not expect,
 *   and another process's commit as a new `data_version`; both are checked
 *   before every read, and either makes everything read again.
 *   (An INSERT trigger would do, but any trigger makes SQLite journal each
 *   insert statement: ~12 µs more per stored memory.)
 * Reads inside a transaction are never served or kept.
 */
export class RecentMemories implements TransactionObserver {
  // FIFO: a room dropped is read from the file again; reads need not reorder.
  private readonly rooms = new BoundedMap<string, Map<string, Entry>>(MAX_ROOMS);
  /** Rows' JSON, parsed on a row's first read: a row stays for dozens of turns and each reads it. */
  private readonly parsed = new WeakMap<MemoryRow, ParsedRowJson>();
  /** Changes the triggers reported in the transaction under way, per room (null: a room the trigger could not tell). */
  private touched = new Map<string | null, number>();
  private own = new Map<string, OwnChange[]>();
  /** Seqs of the memories this connection inserted in the transaction under way, in order. */
  private ownSeqs: number[] = [];
  private savepointRolledBack = false;
  private readonly dataVersion: Database.Statement<[], number>;
  private readonly maxSeq: Database.Statement<[], number | null>;
  private seenVersion: number | undefined;
  /** The largest seq this cache accounts for; -1 when unknown (the next read clears and resyncs). */
  private knownMaxSeq = -1;

  constructor(private readonly sqlite: Database.Database) {
    sqlite.function(CHANGED_FUNCTION, { deterministic: false }, (roomId: unknown) => {
      this.changed(typeof roomId === 'string' ? roomId : null);
      return null;
    });
    const memoryRoom = (row: 'NEW' | 'OLD') => `(SELECT room_id FROM main.memories WHERE seq = ${row}.memory_seq)`;
    const triggers: [table: string, event: string, rooms: string[]][] = [
      ['memories', 'UPDATE', ['OLD.room_id', 'NEW.room_id']],
      ['memories', 'DELETE', ['OLD.room_id']],
      ['embeddings', 'INSERT', [memoryRoom('NEW')]],
      ['embeddings', 'UPDATE', [memoryRoom('NEW')]],
      ['embeddings', 'DELETE', [memoryRoom('OLD')]],
    ];
    for (const [table, event, rooms] of triggers) {
      const calls = rooms.map((room) => `SELECT ${CHANGED_FUNCTION}(${room});`).join(' ');
      sqlite.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS kith_recent_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table} BEGIN ${calls} END`,
      );
    }
    // Two statements: reading data_version through the pragma_data_version table in one SELECT
    // with max(seq) cost twice as much (the table-valued pragma prepares a statement per call).
    this.dataVersion = sqlite.prepare<[], number>('PRAGMA data_version').pluck();
    this.maxSeq = sqlite.prepare<[], number | null>('SELECT max(seq) FROM main.memories').pluck();
  }

  /**
   * The newest `count` rows of the room for this agent and table, from memory
   * when known, else from `load` (which must read exactly those rows).
   */
  read(agentId: string, tableName: string, roomId: string, count: number, load: () => MemoryRow[]): MemoryRow[] {
    if (this.sqlite.inTransaction || count > RECENT_CAPACITY) return load();
    this.forgetExternalChanges();
    const key = `${agentId}\u0000${tableName}`;
    const entry = this.rooms.get(roomId)?.get(key);
    if (entry && (entry.complete || entry.rows.length >= count)) return entry.rows.slice(0, count);
    const rows = load();
    this.keep(roomId, key, { rows: rows.slice(), complete: rows.length < count });
    return rows;
  }

  /**
   * The content and metadata of a row `read` returned, parsed once and kept
   * as long as the row is (rows are never changed in place but for their
   * vector's dimension: an update or delete reads the room again). Callers
   * give memories copies (toMemory), never these objects.
   */
  parsedJson(row: MemoryRow): ParsedRowJson {
    let parsed = this.parsed.get(row);
    if (!parsed) {
      parsed = parseRowJson(row);
      this.parsed.set(row, parsed);
    }
    return parsed;
  }

  /** Records a memory this connection inserted (inside its transaction); applied when it commits. */
  noteInsert(row: MemoryRow): void {
    if (!this.sqlite.inTransaction) return;
    this.ownSeqs.push(row[SEQ]);
    this.note(row[5], { kind: 'insert', row });
  }

  /** Records a vector this connection stored for a memory (inside its transaction); applied when it commits. */
  noteDimension(roomId: string, seq: number, dimension: number): void {
    this.note(roomId, { kind: 'dimension', seq, dimension });
  }

  began(): void {
    // Left from a transaction that was not this connection's own (plugin SQL): read those rooms again.
    this.forgetForeignTransaction();
  }

  committed(): void {
    if (this.ownSeqs.length > 0) {
      // SQLite gives a new row max(seq) + 1: our inserts follow the last seq we know of unless
      // someone else inserted since (or a savepoint undid one of ours and its seq was reused).
      const expected = this.knownMaxSeq;
      if (expected >= 0 && this.ownSeqs.every((seq, index) => seq === expected + 1 + index)) {
        this.knownMaxSeq = expected + this.ownSeqs.length;
      } else {
        this.clear();
        this.knownMaxSeq = -1;
      }
    }
    if (this.touched.get(null) !== undefined) this.clear();
    for (const roomId of new Set([...this.own.keys(), ...this.touched.keys()])) {
      if (roomId === null) continue;
      const own = this.own.get(roomId) ?? [];
      // Triggers report vector writes (ours among them), updates and deletes; apply our changes only
      // when every reported change is one of our vector writes, and no savepoint undid any of them.
      const reported = this.touched.get(roomId) ?? 0;
      const ownReported = own.filter((change) => change.kind === 'dimension').length;
      if (!this.savepointRolledBack && reported === ownReported) this.apply(roomId, own);
      else this.rooms.delete(roomId);
    }
    this.reset();
  }

  rolledBack(): void {
    // Everything the transaction changed is undone; the cache was not touched meanwhile.
    this.reset();
  }

  savepointRolled(): void {
    this.savepointRolledBack = true;
  }

  clear(): void {
    this.rooms.clear();
  }

  private changed(roomId: string | null): void {
    if (!this.sqlite.inTransaction) {
      // A statement outside any transaction (plugin SQL): it commits on its own.
      if (roomId === null) this.clear();
      else this.rooms.delete(roomId);
      return;
    }
    this.touched.set(roomId, (this.touched.get(roomId) ?? 0) + 1);
  }

  private note(roomId: string, change: OwnChange): void {
    if (!this.sqlite.inTransaction) return;
    const list = this.own.get(roomId);
    if (list) list.push(change);
    else this.own.set(roomId, [change]);
  }

  /**
   * Changes made inside a transaction that was not this connection's own
   * (plugin SQL that began one): whether it committed is unknown here, so the
   * rooms it touched are read again, and if the adapter wrote inside it too,
   * everything is.
   */
  private forgetForeignTransaction(): void {
    if (this.touched.size === 0 && this.own.size === 0) return;
    if (this.own.size > 0) {
      this.clear();
      this.knownMaxSeq = -1;
    }
    for (const roomId of this.touched.keys()) {
      if (roomId === null) this.clear();
      else this.rooms.delete(roomId);
    }
    this.reset();
  }

  private forgetExternalChanges(): void {
    this.forgetForeignTransaction();
    const version = this.dataVersion.get();
    const maxSeq = this.maxSeq.get() ?? 0;
    if (version !== this.seenVersion || maxSeq !== this.knownMaxSeq) {
      // Another process committed, or someone else inserted: anything may have changed.
      this.clear();
      this.seenVersion = version;
      this.knownMaxSeq = maxSeq;
    }
  }

  private keep(roomId: string, key: string, entry: Entry): void {
    let entries = this.rooms.get(roomId);
    if (!entries) {
      this.rooms.set(roomId, (entries = new Map<string, Entry>()));
    }
    entries.set(key, entry);
  }

  private apply(roomId: string, changes: OwnChange[]): void {
    const entries = this.rooms.get(roomId);
    if (!entries) return;
    for (const change of changes) {
      if (change.kind === 'insert') {
        const entry = entries.get(`${change.row[2]}\u0000${change.row[3]}`);
        if (entry) insertNewest(entry, change.row, newer);
      } else {
        for (const entry of entries.values()) {
          const row = entry.rows.find((candidate) => candidate[SEQ] === change.seq);
          if (row) row[DIMENSION] = change.dimension;
        }
      }
    }
  }

  private reset(): void {
    if (this.touched.size > 0) this.touched = new Map();
    if (this.own.size > 0) this.own = new Map();
    if (this.ownSeqs.length > 0) this.ownSeqs = [];
    this.savepointRolledBack = false;
  }
}

const caches = new WeakMap<SqliteConnection, RecentMemories>();

/**
 * Starts the connection's recent-memories cache (idempotent). Call it outside
 * any transaction: the triggers it creates must not be rolled back with one.
 */
export function openRecentMemories(conn: SqliteConnection): RecentMemories {
  let cache = caches.get(conn);
  if (!cache) {
    cache = new RecentMemories(conn.sqlite);
    conn.observeTransactions(cache);
    caches.set(conn, cache);
  }
  return cache;
}

/** The connection's recent-memories cache, if it was started. */
export function recentMemoriesIn(conn: SqliteConnection): RecentMemories | undefined {
  return caches.get(conn);
}
