import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { MIGRATIONS_FOLDER } from '../migrations/migrations-folder';
import { runCoreMigrations } from '../migrations/run-core-migrations';
import * as schema from '../schema';
import { ExactScanVectorIndex } from '../vectors/exact-scan-vector-index';
import { Vec0VectorIndex } from '../vectors/vec0-vector-index';
import type { VectorIndex } from '../vectors/vector-index';
import { loadVectorExtension, warnVectorExtensionDisabled } from './load-vector-extension';
import type { SqlLogger } from './sql-logger';
import type { SqlParam, SqlRunner } from './sql-runner';

/** The drizzle database plugins get as `runtime.db`. */
export type KithSqliteDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export interface ConnectionSettings {
  synchronous: 'NORMAL' | 'FULL';
  busyTimeoutMs: number;
  /** Try to load sqlite-vec; false forces the exact-scan fallback. */
  vectorExtension: boolean;
  logger: SqlLogger;
}

/**
 * One open database file: the better-sqlite3 handle, its drizzle wrapper, a
 * prepared-statement cache and the vector index. Opening applies pragmas and
 * pending migrations. Shared by every adapter on the same file (see the
 * connection registry).
 */
export class SqliteConnection implements SqlRunner {
  readonly sqlite: Database.Database;
  readonly db: KithSqliteDatabase;
  readonly vectors: VectorIndex;
  private readonly statements = new Map<string, Database.Statement<SqlParam[]>>();

  constructor(
    readonly path: string,
    readonly settings: ConnectionSettings,
  ) {
    this.sqlite = new Database(path);
    try {
      if (path !== ':memory:') this.sqlite.pragma('journal_mode = WAL');
      this.sqlite.pragma(`synchronous = ${settings.synchronous}`);
      this.sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(settings.busyTimeoutMs))}`);
      this.sqlite.pragma('foreign_keys = ON');
      this.sqlite.pragma('temp_store = MEMORY');
      const vecLoaded = settings.vectorExtension
        ? loadVectorExtension(this.sqlite, settings.logger)
        : (warnVectorExtensionDisabled(settings.logger), false);
      const applied = runCoreMigrations(this.sqlite, MIGRATIONS_FOLDER);
      if (applied.length > 0) settings.logger.debug({ path, applied }, 'Applied database migrations');
      this.db = drizzle({ client: this.sqlite, schema });
      this.vectors = vecLoaded ? new Vec0VectorIndex(this) : new ExactScanVectorIndex(this);
    } catch (error) {
      this.sqlite.close();
      throw error;
    }
  }

  /** A cached prepared statement for `sql`. */
  statement(sql: string): Database.Statement<SqlParam[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare<SqlParam[]>(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  all<Row>(sql: string, ...params: SqlParam[]): Row[] {
    return this.statement(sql).all(...params) as Row[];
  }

  get<Row>(sql: string, ...params: SqlParam[]): Row | undefined {
    return this.statement(sql).get(...params) as Row | undefined;
  }

  run(sql: string, ...params: SqlParam[]): Database.RunResult {
    return this.statement(sql).run(...params);
  }

  exec(sql: string): void {
    this.sqlite.exec(sql);
  }

  write<T>(fn: () => T): T {
    return this.sqlite.transaction(fn).immediate();
  }

  close(): void {
    this.statements.clear();
    if (!this.sqlite.open) return;
    try {
      this.sqlite.pragma('optimize');
    } finally {
      this.sqlite.close();
    }
  }
}
