import type {
  IDatabaseAdapter,
  InboundMessage,
  InboxAcceptance,
  InboxEntry,
  InboxStore,
  Memory,
  PendingInboundParams,
  UUID,
} from '@kith/core';
import { AdapterNotInitializedError, type DatabaseTarget, describeDatabaseUrl } from '../errors';
import type { StoreResult } from '../shared/adapter/dialect-stores';
import { SqlDatabaseAdapter, type StoreSession, type WriteOrder } from '../shared/adapter/sql-database-adapter';
import { acquirePgConnection, type PgConnectionSettings, releasePgConnection } from './connection/pg-connection';
import type { KithPgDatabase } from './connection/pg-driver';
import { callError } from './connection/pg-error';
import { claimTask } from './fleet/claim-task';
import type { PgRoomCoordinator } from './fleet/pg-room-coordinator';
import { migratePgPluginSchema, type PgPluginSchemaReport } from './migrations/migrate-pg-plugin-schema';
import { PG_MIGRATIONS_FOLDER } from './migrations/pg-migrations-folder';
import { countPgMigrations, runPgMigrations } from './migrations/run-pg-migrations';
import { type PgAdapterOptions, resolvePgSettings } from './pg-adapter-options';
import { DEFAULT_LEASE_MS } from './fleet/pg-fleet';
import { PgAgentDimension } from './stores/agent-dimension';
import * as inboxStore from './stores/inbox-store';
import { PG_STORES } from './stores/pg-stores';
import type { PgStoreContext } from './stores/store-context';
import type { VectorMode } from './vectors/pgvector-columns';

interface Session extends StoreSession<PgStoreContext, PgAgentDimension> {
  coordinator?: PgRoomCoordinator;
}

/** What the boot report shows of the database (never the password). */
export interface PgDatabaseStatus {
  dialect: 'postgres';
  /** postgres://user@host:port/database */
  database: string;
  /** Core migrations recorded in the database. */
  migrations: number;
  /** Migrations this process applied when it opened the database. */
  applied: string[];
  vectorSearch: VectorMode;
}

/**
 * The Kith database adapter on PostgreSQL: one instance per agent, all
 * agents of a process on the same database sharing one pool, change feed,
 * caches and write queue (see PgConnection). Writes are batched (one
 * statement per batch); rooms, worlds, entities, participant states and a
 * room's newest memories are answered from memory and kept current by
 * LISTEN/NOTIFY, so a plain DM turn costs a few round trips. The data
 * methods are the shared SqlDatabaseAdapter's over this dialect's stores.
 */
export class PgDatabaseAdapter
  extends SqlDatabaseAdapter<PgStoreContext, PgAgentDimension>
  implements IDatabaseAdapter, InboxStore
{
  readonly target: DatabaseTarget;
  private readonly settings: PgConnectionSettings;
  private readonly fleet: PgAdapterOptions['fleet'];
  private session: Session | null = null;
  private opening: Promise<void> | null = null;

  constructor(agentId: UUID, options: PgAdapterOptions) {
    super(agentId, PG_STORES, options.logPrompts ?? false);
    this.settings = resolvePgSettings(options);
    this.fleet = options.fleet;
    this.target = options.url
      ? describeDatabaseUrl(options.url)
      : { host: 'pglite', port: 0, database: 'pglite', user: 'pglite', display: 'pglite (in process)' };
  }

  /** The drizzle database (pg-core), for plugins' own tables via `runtime.db`. */
  get db(): KithPgDatabase {
    return this.use('db').ctx.conn.driver.db;
  }

  /**
   * This agent's side of the fleet (several servers on this database), which
   * the message bus routes messages through; undefined when the fleet is off
   * (KITH_FLEET=off, or PGlite).
   */
  get roomCoordinator(): PgRoomCoordinator | undefined {
    return this.session?.coordinator;
  }

  /** Takes the right to run a task now, for one server of the fleet (TaskService asks before each run). */
  claimTask(id: UUID, params: { intervalMs: number; leaseMs: number }): Promise<boolean> {
    return this.call('claimTask', ({ ctx }) => claimTask(ctx, id, params));
  }

  /** Where vector search runs on this database. */
  get vectorSearch(): VectorMode {
    return this.use('vectorSearch').ctx.conn.vectorMode;
  }

  /** Statements sent on this adapter's connection so far (shared by the agents on it). */
  get roundTrips(): number {
    return this.use('roundTrips').ctx.conn.driver.roundTrips;
  }

  private use(method: string): Session {
    if (!this.session) throw new AdapterNotInitializedError(method);
    return this.session;
  }

  /** Runs a store call; a lost connection becomes DatabaseUnavailableError naming the method. */
  private async call<T>(method: string, fn: (session: Session) => StoreResult<T>): Promise<T> {
    const session = this.use(method);
    try {
      return await fn(session);
    } catch (error) {
      throw callError(error, this.target, method);
    }
  }

  /** Reads wait for this process's queued memory writes first, so they see them. */
  private async read<T>(method: string, fn: (session: Session) => StoreResult<T>): Promise<T> {
    return this.call(method, async (session) => {
      if (session.ctx.conn.writes.pending) await session.ctx.conn.writes.settled();
      return fn(session);
    });
  }

  protected run<T>(method: string, order: WriteOrder, fn: (session: Session) => StoreResult<T>): Promise<T> {
    return order === 'reads-memories' ? this.read(method, fn) : this.call(method, fn);
  }

  // ---- lifecycle --------------------------------------------------------

  /** Connects (or joins this process's connection to the database) and applies pending migrations. Idempotent. */
  async init(): Promise<void> {
    if (this.session) return;
    this.opening ??= (async () => {
      const conn = await acquirePgConnection(this.settings);
      const ctx: PgStoreContext = { agentId: this.agentId, conn };
      const dims = new PgAgentDimension(ctx);
      conn.feed.subscribe(dims);
      let coordinator: PgRoomCoordinator | undefined;
      if (this.fleet && conn.driver.kind === 'node-postgres') {
        const fleet = await conn.joinFleet({
          leaseMs: this.fleet.leaseMs ?? DEFAULT_LEASE_MS,
          logger: this.settings.logger,
        });
        coordinator = fleet.coordinator(ctx, dims);
      }
      this.session = { ctx, dims, coordinator };
    })().finally(() => {
      this.opening = null;
    });
    await this.opening;
  }

  async isReady(): Promise<boolean> {
    if (!this.session) return false;
    try {
      await this.session.ctx.conn.driver.query({ text: 'SELECT 1' });
      return true;
    } catch {
      return false;
    }
  }

  /** Waits for this process's queued writes, then releases its share of the connection; the last one closes the pool. */
  async close(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.session = null;
    session.ctx.conn.feed.unsubscribe(session.dims);
    if (session.coordinator) session.ctx.conn.fleet?.detach(this.agentId);
    await session.ctx.conn.writes.settled(true).catch(() => undefined);
    await releasePgConnection(session.ctx.conn);
  }

  /** The node-postgres pool (or the PGlite driver). */
  async getConnection(): Promise<unknown> {
    const { conn } = this.use('getConnection').ctx;
    return conn.driver.kind === 'node-postgres' ? (conn.driver as unknown as { pool: unknown }).pool : conn.driver;
  }

  /** The database in use, for the boot report. */
  async status(): Promise<PgDatabaseStatus> {
    return this.call('status', async ({ ctx }) => ({
      dialect: 'postgres',
      database: this.target.display,
      migrations: await countPgMigrations(ctx.conn.driver),
      applied: ctx.conn.applied,
      vectorSearch: ctx.conn.vectorMode,
    }));
  }

  /**
   * Resolves once every change committed (by anyone) before the call has
   * reached this process's caches: one round trip. For code that must read
   * what another server just wrote (a fleet taking over a room).
   */
  async syncChanges(): Promise<void> {
    await this.call('syncChanges', ({ ctx }) => ctx.conn.feed.fence());
  }

  /** Without arguments: applies pending core migrations. With a plugin's schema: creates its missing tables, columns and indexes. */
  async runMigrations(schema?: Record<string, unknown>, pluginName = 'plugin'): Promise<void> {
    await this.migrate(schema, pluginName);
  }

  /** runMigrations with what it did. */
  async migrate(schema?: Record<string, unknown>, pluginName = 'plugin'): Promise<PgPluginSchemaReport | string[]> {
    return this.call('runMigrations', async ({ ctx }) => {
      if (schema === undefined) return runPgMigrations(ctx.conn.driver, PG_MIGRATIONS_FOLDER);
      return migratePgPluginSchema(
        ctx.conn.driver,
        schema,
        pluginName,
        this.settings.logger,
        ctx.conn.vectorMode === 'pgvector',
      );
    });
  }

  // ---- inbox ------------------------------------------------------------

  /**
   * Records an inbound message as accepted, with its memory (table
   * `messages`) in the same statement when given; idempotent on the message
   * id. Resolves once committed.
   */
  acceptInbound(message: InboundMessage, memory?: Memory): Promise<InboxAcceptance> {
    return this.call('acceptInbound', ({ ctx, dims }) => inboxStore.acceptInbound(ctx, dims, message, memory));
  }

  /** Moves an accepted entry to answered (committed with the writes of the same turn). False when none was accepted. */
  markInboundAnswered(messageId: UUID): Promise<boolean> {
    return this.call('markInboundAnswered', ({ ctx }) => inboxStore.markInboundAnswered(ctx, messageId));
  }

  /** This agent's accepted, unanswered entries, oldest first. */
  getPendingInbound(params?: PendingInboundParams): Promise<InboxEntry[]> {
    return this.read('getPendingInbound', ({ ctx }) => inboxStore.getPendingInbound(ctx, params));
  }
}
