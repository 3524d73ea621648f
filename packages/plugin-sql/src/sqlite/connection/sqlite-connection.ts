import type Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { MIGRATIONS_FOLDER } from '../migrations/migrations-folder';
import { runCoreMigrations } from '../migrations/run-core-migrations';
import * as schema from '../schema';
import { FtsIndexer } from '../search/fts-indexer';
import { isWasmSimdAvailable, type VectorKernel } from '../../shared/vectors/int8-matrix';
import { VectorIndex } from '../vectors/vector-index';
import type { SqlLogger } from '../../shared/sql-logger';
import { openSqliteFile } from './open-sqlite-file';
import type { SqlParam, SqlRunner } from './sql-runner';
import { GraphReadCache } from './graph-read-cache';
import { StatementCache } from './statement-cache';
import { WalFlusher } from './wal-flusher';
import { WriteBatcher } from './write-batcher';

/** Told when this connection's own transactions begin and end (caches that follow its writes). */
export interface TransactionObserver {
  began(): void;
  committed(): void;
  rolledBack(): void;
  /** A savepoint inside the transaction was rolled back (one job of a group commit failed). */
  savepointRolled(): void;
}

/** The drizzle database plugins get as `runtime.db`. */
export type KithSqliteDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export interface ConnectionSettings {
  synchronous: 'NORMAL' | 'FULL';
  busyTimeoutMs: number;
  /** Use the WebAssembly SIMD kernel for vector search when it works; false forces plain JavaScript. */
  simd: boolean;
  logger: SqlLogger;
}

/**
 * Page size of new files (SQLite's default is 4 KB). A stored 384-d vector
 * takes ~1.55 KB: two fit in a 4 KB page (2 KB each on disk), five in an
 * 8 KB one (1.6 KB each); a handled message measured 4.6 KB of database with
 * 4 KB pages and 4.1 KB with 8 KB ones. The price is more WAL written per
 * commit: about 20% fewer single-memory commits per second, while group
 * commits measured the same. Only applies when the file is created.
 */
const PAGE_SIZE = 8192;
/**
 * WAL pages between automatic checkpoints. Each checkpoint costs two fsyncs
 * (tens of ms on a virtual disk); SQLite's default of 1,000 pages made them
 * the largest cost of small write transactions. ~40 MB of WAL between
 * checkpoints measured 1.4-1.6x more single-memory commits per second.
 */
const WAL_AUTOCHECKPOINT_PAGES = 5_000;
/**
 * After a checkpoint the WAL file is cut back to this size. Above what the
 * checkpoint interval lets it grow to (~40 MB), so a running agent reuses
 * one WAL file: cutting it to 16 MB after each checkpoint made the next
 * 24 MB of commits extend the file again, and commits measured ~30% dearer
 * (median 90 us against 75 us, with longer stalls at checkpoints).
 */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * One open database file: the better-sqlite3 handle, its drizzle wrapper
 * (whose statements are cached too), a prepared-statement cache, the write
 * batcher, the full-text indexer and the vector index. Opening applies the
 * pragmas and pending migrations. Shared by every adapter on the same file
 * (see the connection registry).
 */
export class SqliteConnection implements SqlRunner {
  readonly sqlite: Database.Database;
  readonly db: KithSqliteDatabase;
  readonly vectors: VectorIndex;
  readonly fts: FtsIndexer;
  readonly batcher: WriteBatcher;
  /** Cached reads of rooms, worlds, entities, components and participants. */
  readonly graph: GraphReadCache;
  private readonly statements: StatementCache;
  /** Absent for in-memory databases, which have no WAL. */
  private readonly walFlusher: WalFlusher | undefined;
  /** Nesting depth of savepoints (names must differ per level). */
  private savepoints = 0;
  private readonly observers: TransactionObserver[] = [];

  constructor(
    readonly path: string,
    readonly settings: ConnectionSettings,
  ) {
    this.sqlite = openSqliteFile(path);
    try {
      // First, so that every later statement waits for another process's lock.
      this.sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(settings.busyTimeoutMs))}`);
      if (path !== ':memory:') {
        this.sqlite.pragma(`page_size = ${PAGE_SIZE}`);
        this.sqlite.pragma('journal_mode = WAL');
        this.sqlite.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
        this.sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
      }
      this.sqlite.pragma(`synchronous = ${settings.synchronous}`);
      this.sqlite.pragma('foreign_keys = ON');
      this.sqlite.pragma('temp_store = MEMORY');
      const applied = runCoreMigrations(this.sqlite, MIGRATIONS_FOLDER);
      if (applied.length > 0) settings.logger.debug({ path, applied }, 'Applied database migrations');
      this.statements = new StatementCache(this.sqlite);
      this.graph = new GraphReadCache(this.sqlite);
      this.db = drizzle<typeof schema>({ client: this.statements.client(), schema });
      this.vectors = new VectorIndex(this, chooseKernel(settings));
      this.fts = new FtsIndexer(this);
      this.batcher = new WriteBatcher({ write: (fn) => this.write(fn), afterBatch: () => this.afterBatch() });
      this.walFlusher = path === ':memory:' || path === '' ? undefined : new WalFlusher(`${path}-wal`, settings.logger);
    } catch (error) {
      this.sqlite.close();
      throw error;
    }
  }

  /** Adds an observer of this connection's own transactions. */
  observeTransactions(observer: TransactionObserver): void {
    this.observers.push(observer);
  }

  /** A cached prepared statement for `sql`. */
  statement(sql: string): Database.Statement<SqlParam[]> {
    return this.statements.get(sql);
  }

  all<Row>(sql: string, ...params: SqlParam[]): Row[] {
    return this.statement(sql).all(...params) as Row[];
  }

  get<Row>(sql: string, ...params: SqlParam[]): Row | undefined {
    return this.statement(sql).get(...params) as Row | undefined;
  }

  /** Rows as arrays in column order (better-sqlite3's raw mode): cheaper than an object per row. */
  tuples<Row extends unknown[]>(sql: string, ...params: SqlParam[]): Row[] {
    return this.statement(sql)
      .raw(true)
      .all(...params) as Row[];
  }

  tuple<Row extends unknown[]>(sql: string, ...params: SqlParam[]): Row | undefined {
    return this.statement(sql)
      .raw(true)
      .get(...params) as Row | undefined;
  }

  run(sql: string, ...params: SqlParam[]): Database.RunResult {
    return this.statement(sql).run(...params);
  }

  iterate<Row>(sql: string, ...params: SqlParam[]): IterableIterator<Row> {
    return this.sqlite.prepare<SqlParam[], Row>(sql).iterate(...params);
  }

  exec(sql: string): void {
    this.sqlite.exec(sql);
  }

  /**
   * Runs `fn` in a transaction: BEGIN IMMEDIATE at the top level (so the
   * write lock is taken before anything is read), a savepoint when nested.
   * If it fails after changing the in-memory vector index, the index is
   * dropped and reloads from the file, which the rollback restored.
   */
  write<T>(fn: () => T): T {
    const before = this.vectors?.mutations;
    try {
      return this.sqlite.inTransaction ? this.savepoint(fn) : this.transaction(fn);
    } catch (error) {
      if (this.vectors && this.vectors.mutations !== before) this.vectors.invalidate();
      throw error;
    }
  }

  // Plain statements rather than better-sqlite3's transaction(): wrapping a new
  // function per call cost more than the rest of a small write.
  private transaction<T>(fn: () => T): T {
    this.run('BEGIN IMMEDIATE');
    for (const observer of this.observers) observer.began();
    try {
      const result = fn();
      this.run('COMMIT');
      for (const observer of this.observers) observer.committed();
      this.walFlusher?.noteCommit();
      return result;
    } catch (error) {
      if (this.sqlite.inTransaction) this.run('ROLLBACK');
      for (const observer of this.observers) observer.rolledBack();
      throw error;
    }
  }

  private savepoint<T>(fn: () => T): T {
    const name = `kith_${++this.savepoints}`;
    this.run(`SAVEPOINT ${name}`);
    try {
      const result = fn();
      this.run(`RELEASE ${name}`);
      return result;
    } catch (error) {
      // Inside a transaction someone else may have ended meanwhile (e.g. a ROLLBACK in plugin SQL).
      if (this.sqlite.inTransaction) {
        this.run(`ROLLBACK TO ${name}`);
        this.run(`RELEASE ${name}`);
        for (const observer of this.observers) observer.savepointRolled();
      }
      throw error;
    } finally {
      this.savepoints -= 1;
    }
  }

  /** Queues `fn` for the next group commit; settles after that commit. */
  batch<T>(fn: () => T): Promise<T> {
    return this.batcher.submit(fn);
  }

  /** Queues `fn` to ride along with a later commit (see WriteBatcher: within 25 ms); settles after that commit. */
  batchDeferred<T>(fn: () => T): Promise<T> {
    return this.batcher.submitDeferred(fn);
  }

  /** Commits queued writes now. Every adapter method calls this first, so reads see earlier writes. */
  flushWrites(): void {
    if (this.batcher.pending > 0) this.batcher.flush();
  }

  /** Commits queued writes and those waiting to ride along with a later commit (log records, vectors). */
  flushAllWrites(): void {
    if (this.batcher.pending > 0 || this.batcher.deferredCount > 0) this.batcher.flush(true);
  }

  close(): void {
    if (!this.sqlite.open) return;
    this.batcher.flush(true);
    this.walFlusher?.close();
    this.statements.clear();
    try {
      this.sqlite.pragma('optimize');
    } finally {
      this.sqlite.close();
    }
  }

  private afterBatch(): void {
    if (!this.fts.due) return;
    try {
      this.write(() => this.fts.catchUp());
    } catch (error) {
      // Derived data: the next text search catches up again.
      this.settings.logger.warn({ err: error }, 'Could not bring the full-text index up to date; will retry');
    }
  }
}

/** The SIMD kernel when allowed and available; otherwise a warning (once per connection) and plain JavaScript. */
function chooseKernel(settings: ConnectionSettings): VectorKernel {
  if (settings.simd && isWasmSimdAvailable()) return 'wasm-simd';
  settings.logger.warn(
    {},
    settings.simd
      ? 'WebAssembly SIMD is not available in this Node.js; vector search falls back to plain JavaScript (same results, several times slower). Run Node.js 20 or newer without --jitless to restore it.'
      : 'WebAssembly SIMD is turned off (KITH_DISABLE_WASM_SIMD); vector search uses plain JavaScript (same results, several times slower).',
  );
  return 'js';
}
