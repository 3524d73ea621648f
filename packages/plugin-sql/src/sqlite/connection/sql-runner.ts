import type { RunResult } from 'better-sqlite3';

/** A value better-sqlite3 can bind. */
export type SqlParam = string | number | bigint | Buffer | Float32Array | null;

/** Cached-statement access to one SQLite connection. */
export interface SqlRunner {
  all<Row>(sql: string, ...params: SqlParam[]): Row[];
  get<Row>(sql: string, ...params: SqlParam[]): Row | undefined;
  run(sql: string, ...params: SqlParam[]): RunResult;
  /** Streams rows through a statement of its own; reads may run meanwhile, writes may not. */
  iterate<Row>(sql: string, ...params: SqlParam[]): IterableIterator<Row>;
  exec(sql: string): void;
  /** Runs `fn` in a write transaction (BEGIN IMMEDIATE; a savepoint when nested). */
  write<T>(fn: () => T): T;
}
