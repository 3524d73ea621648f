import * as schema from '../schema';
import {
  INT8_OID,
  type KithPgDatabase,
  type Listening,
  type ListenHandlers,
  type PgDriver,
  type PgQuery,
  type PgQueryRunner,
  type PgResult,
} from './pg-driver';

/** The part of an `@electric-sql/pglite` instance the adapter uses (kept structural: PGlite is optional). */
export interface PgliteLike {
  query<Row>(
    query: string,
    params?: unknown[],
    options?: { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string) => unknown> },
  ): Promise<{ rows: Row[]; affectedRows?: number }>;
  exec(query: string): Promise<unknown>;
  transaction<T>(callback: (tx: { query: PgliteLike['query'] }) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly closed: boolean;
}

const parsers = { [INT8_OID]: (value: string) => Number(value) };

/**
 * PostgreSQL in the process (PGlite, WebAssembly): one connection, so
 * transactions and statements take turns. Used to test the pgvector path
 * (PGlite ships pgvector) and for embedding Postgres without a server.
 * The caller owns the PGlite instance: close() leaves it open.
 */
export class PgliteDriver implements PgDriver {
  readonly kind = 'pglite';
  readonly db: KithPgDatabase;
  roundTrips = 0;
  private readonly setup: string[] = [];
  private setupRan = 0;

  constructor(private readonly pglite: PgliteLike) {
    // Loaded here only: drizzle's PGlite driver requires @electric-sql/pglite, a dev dependency.
    const { drizzle } = require('drizzle-orm/pglite') as typeof import('drizzle-orm/pglite');
    this.db = drizzle({ client: pglite as never, schema });
  }

  onConnect(sql: string): void {
    this.setup.push(sql);
  }

  private async runSetup(): Promise<void> {
    while (this.setupRan < this.setup.length) {
      const statement = this.setup[this.setupRan++];
      this.roundTrips += 1;
      await this.pglite.exec(statement);
    }
  }

  private runner(target: { query: PgliteLike['query'] }): PgQueryRunner {
    return {
      query: async <Row>(query: PgQuery): Promise<PgResult<Row>> => {
        this.roundTrips += 1;
        const result = await target.query<Row>(query.text, query.values as unknown[] | undefined, {
          rowMode: query.rowMode ?? 'object',
          parsers,
        });
        return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
      },
    };
  }

  async query<Row>(query: PgQuery): Promise<PgResult<Row>> {
    await this.runSetup();
    return this.runner(this.pglite).query<Row>(query);
  }

  async transaction<T>(fn: (tx: PgQueryRunner) => Promise<T>): Promise<T> {
    await this.runSetup();
    this.roundTrips += 2;
    return this.pglite.transaction((tx) => fn(this.runner(tx)));
  }

  async withConnection<T>(fn: (connection: PgQueryRunner) => Promise<T>): Promise<T> {
    await this.runSetup();
    return fn(this.runner(this.pglite));
  }

  async listen(channel: string, handlers: ListenHandlers): Promise<Listening> {
    const stop = await this.pglite.listen(channel, (payload) => handlers.notify(payload));
    return {
      fence: async () => {
        // Notifications are delivered in the process, before the statement that follows returns.
        await this.query({ text: 'SELECT 1' });
      },
      close: () => stop(),
    };
  }

  async close(): Promise<void> {
    // The caller created the PGlite instance and closes it.
  }
}
