import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from '../schema';

/** One statement: `name` makes it a prepared statement each connection parses once. */
export interface PgQuery {
  text: string;
  values?: readonly unknown[];
  name?: string;
  /** Rows as arrays in column order (no object per row). */
  rowMode?: 'array';
}

export interface PgResult<Row> {
  rows: Row[];
  /** Rows inserted, updated, deleted or returned. */
  rowCount: number;
}

/** Something that runs statements: the pool, or one connection inside a transaction. */
export interface PgQueryRunner {
  query<Row = Record<string, unknown>>(query: PgQuery): Promise<PgResult<Row>>;
}

/** What the change listener reports (see ChangeFeed). */
export interface ListenHandlers {
  notify(payload: string): void;
  /** The listening connection broke: notifications may be missed until `restored`. */
  lost(error: unknown): void;
  /** Listening again after a loss (anything may have changed meanwhile). */
  restored(): void;
}

export interface Listening {
  /**
   * Resolves once every notification of a transaction committed before the
   * call has been handled: a round trip on the listening connection, whose
   * answer the server sends after any notification queued for it.
   */
  fence(): Promise<void>;
  close(): Promise<void>;
}

/** The drizzle database plugins get as `runtime.db` on PostgreSQL. */
export type KithPgDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A PostgreSQL connection the adapter works through: node-postgres's pool
 * for a server, or an in-process PGlite. Every statement counts as one
 * round trip (`roundTrips`), which is how the adapter's cost per turn is
 * measured.
 */
export interface PgDriver extends PgQueryRunner {
  readonly kind: 'node-postgres' | 'pglite';
  readonly db: KithPgDatabase;
  /** Statements sent so far, BEGIN and COMMIT included. */
  readonly roundTrips: number;
  /** Runs `fn` on one connection between BEGIN and COMMIT (ROLLBACK when it throws). */
  transaction<T>(fn: (tx: PgQueryRunner) => Promise<T>): Promise<T>;
  /** Runs `fn` holding one connection of its own (session-level advisory locks). */
  withConnection<T>(fn: (connection: PgQueryRunner) => Promise<T>): Promise<T>;
  /** LISTENs on `channel` (node-postgres: on one connection shared by every channel), re-subscribing after the server comes back. */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  /** Runs `sql` on every connection the driver opens from now on (and on the open ones' next use). */
  onConnect(sql: string): void;
  close(): Promise<void>;
}

/** int8 (bigint) values: seqs and epoch milliseconds, all well inside 2^53. */
export const INT8_OID = 20;
