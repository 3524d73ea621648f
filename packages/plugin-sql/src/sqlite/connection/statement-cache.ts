import { BoundedMap } from '@kith/core';
import type Database from 'better-sqlite3';
import type { SqlParam } from './sql-runner';

/** Enough for every statement shape the adapter uses, with room for plugins' own. */
const MAX_STATEMENTS = 500;

/**
 * Prepared statements by SQL text, the oldest prepared dropped past
 * MAX_STATEMENTS (plugins can build unbounded variety, e.g. IN lists). Not
 * reordered on use: that cost a Map delete and insert on every statement
 * of every turn, and a hot statement dropped is only prepared again.
 */
export class StatementCache {
  // FIFO (BoundedMap, whose read is Map's own get): see its comment for the measurement.
  private readonly statements = new BoundedMap<string, Database.Statement<SqlParam[]>>(MAX_STATEMENTS);

  constructor(private readonly sqlite: Database.Database) {}

  get(sql: string): Database.Statement<SqlParam[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare<SqlParam[]>(sql);
      this.statements.set(sql, statement);
    }
    // drizzle switches statements to raw (array) rows for some queries; reset for the next user.
    if (statement.reader) statement.raw(false);
    return statement;
  }

  get size(): number {
    return this.statements.size;
  }

  clear(): void {
    this.statements.clear();
  }

  /**
   * The better-sqlite3 handle as drizzle should see it: the same object,
   * except that prepare() answers from this cache. drizzle prepares its SQL
   * on every query; this makes its statements reused like the adapter's own.
   */
  client(): Database.Database {
    const sqlite = this.sqlite;
    const prepare = (sql: string): Database.Statement<SqlParam[]> => this.get(sql);
    return new Proxy(sqlite, {
      get(target, property) {
        if (property === 'prepare') return prepare;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }
}
