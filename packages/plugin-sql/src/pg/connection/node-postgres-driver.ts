import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { SqlLogger } from '../../shared/sql-logger';
import * as schema from '../schema';
import { SharedListener } from './shared-listener';
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

export interface NodePostgresSettings {
  url: string;
  /** Most connections open at once (KITH_DATABASE_POOL_MAX). */
  poolMax: number;
  /** An idle connection is closed after this long. */
  idleTimeoutMs: number;
  /** Connecting gives up after this long (the server is unreachable). */
  connectTimeoutMs: number;
  logger: SqlLogger;
}

const parseInt8 = (value: string): number => Number(value);
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID
      ? parseInt8
      : (pg.types.getTypeParser(oid, format as 'text') as (value: string) => unknown)) as typeof pg.types.getTypeParser,
};

type CountedClient = pg.PoolClient & { kithCounted?: boolean; kithSetup?: number; kithBroken?: Error };

/**
 * node-postgres with a bounded pool: at most `poolMax` connections, idle
 * ones closed after `idleTimeoutMs`. Statements are counted at the
 * connection, so drizzle's (plugin SQL through `runtime.db`) count too.
 */
export class NodePostgresDriver implements PgDriver {
  readonly kind = 'node-postgres';
  readonly pool: pg.Pool;
  readonly db: KithPgDatabase;
  roundTrips = 0;
  private readonly setup: string[] = [];
  /** One listening connection for every channel (see SharedListener). */
  private readonly listener: SharedListener;
  private closed = false;

  constructor(private readonly settings: NodePostgresSettings) {
    this.pool = new pg.Pool({
      connectionString: settings.url,
      max: settings.poolMax,
      idleTimeoutMillis: settings.idleTimeoutMs,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      types,
      application_name: 'kith',
    });
    // An idle connection the server closed (a restart) must not take the process down; the
    // pool drops it and opens a new one when asked.
    this.pool.on('error', (error) =>
      settings.logger.warn({ err: error }, 'A pooled PostgreSQL connection failed; the pool replaces it'),
    );
    this.pool.on('connect', (client) => this.instrument(client as CountedClient));
    this.db = drizzle({ client: this.pool, schema });
    this.listener = new SharedListener({
      url: settings.url,
      connectTimeoutMs: settings.connectTimeoutMs,
      types,
      countRoundTrip: () => {
        this.roundTrips += 1;
      },
    });
  }

  private instrument(client: CountedClient): void {
    if (client.kithCounted) return;
    client.kithCounted = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      this.roundTrips += 1;
      return query(...args);
    };
    client.kithSetup = 0;
    // The pool listens for errors only while a connection is idle: one it has lent out can fail between
    // statements (the server shutting down sends its FATAL then), and an 'error' nobody listens for
    // would end the process. Kept here, the failure marks the connection broken for its release.
    client.on('error', (error: Error) => {
      client.kithBroken ??= error;
    });
    this.runSetup(client);
  }

  private runSetup(client: CountedClient): void {
    // Queued on the connection before whatever it runs next; a failure shows on that statement.
    while ((client.kithSetup ?? 0) < this.setup.length) {
      const statement = this.setup[client.kithSetup ?? 0];
      client.kithSetup = (client.kithSetup ?? 0) + 1;
      client
        .query(statement)
        .catch((error: unknown) =>
          this.settings.logger.warn({ err: error, statement }, 'A connection setup statement failed'),
        );
    }
  }

  onConnect(sql: string): void {
    this.setup.push(sql);
  }

  async query<Row>(query: PgQuery): Promise<PgResult<Row>> {
    const client = (await this.pool.connect()) as CountedClient;
    let broken: Error | undefined;
    try {
      this.runSetup(client);
      return toResult<Row>(await client.query(toConfig(query)));
    } catch (error) {
      broken = brokenConnection(error);
      throw error;
    } finally {
      client.release(broken ?? client.kithBroken);
    }
  }

  async withConnection<T>(fn: (connection: PgQueryRunner) => Promise<T>): Promise<T> {
    const client = (await this.pool.connect()) as CountedClient;
    let broken: Error | undefined;
    try {
      this.runSetup(client);
      return await fn({ query: async <Row>(query: PgQuery) => toResult<Row>(await client.query(toConfig(query))) });
    } catch (error) {
      broken = brokenConnection(error);
      throw error;
    } finally {
      client.release(broken ?? client.kithBroken);
    }
  }

  transaction<T>(fn: (tx: PgQueryRunner) => Promise<T>): Promise<T> {
    return this.withConnection(async (connection) => {
      await connection.query({ text: 'BEGIN' });
      try {
        const result = await fn(connection);
        await connection.query({ text: 'COMMIT' });
        return result;
      } catch (error) {
        await connection.query({ text: 'ROLLBACK' }).catch(() => undefined);
        throw error;
      }
    });
  }

  listen(channel: string, handlers: ListenHandlers): Promise<Listening> {
    return this.listener.listen(channel, handlers);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.listener.close();
    await this.pool.end();
  }
}

function toConfig(query: PgQuery): pg.QueryConfig {
  const config: pg.QueryConfig & { rowMode?: string } = {
    text: query.text,
    values: query.values as unknown[] | undefined,
  };
  if (query.name) config.name = query.name;
  if (query.rowMode) config.rowMode = query.rowMode;
  return config;
}

function toResult<Row>(result: pg.QueryResult): PgResult<Row> {
  return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
}

/** A connection-level failure: the pool must not hand this connection out again. */
function brokenConnection(error: unknown): Error | undefined {
  const code = (error as { code?: string }).code;
  // SQLSTATE class 08 (connection exception), 57P0x (server shutting down), or a socket error.
  if (typeof code === 'string' && (code.startsWith('08') || code.startsWith('57P') || code.startsWith('E')))
    return error as Error;
  if (error instanceof Error && /Connection terminated|not queryable|ECONNRESET/.test(error.message)) return error;
  return undefined;
}
