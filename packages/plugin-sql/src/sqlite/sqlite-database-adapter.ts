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
import type { Database } from 'better-sqlite3';
import { AdapterNotInitializedError } from '../errors';
import type { StoreSession, WriteOrder } from '../shared/adapter/sql-database-adapter';
import { SqlDatabaseAdapter } from '../shared/adapter/sql-database-adapter';
import type { StoreResult } from '../shared/adapter/dialect-stores';
import type { VectorKernel } from '../shared/vectors/int8-matrix';
import {
  resolveConnectionSettings,
  resolveDatabaseFile,
  resolveLogPrompts,
  type SqliteAdapterOptions,
} from './adapter-options';
import { acquireConnection, releaseConnection } from './connection/connection-registry';
import type { ConnectionSettings, KithSqliteDatabase, SqliteConnection } from './connection/sqlite-connection';
import { MIGRATIONS_FOLDER } from './migrations/migrations-folder';
import { migratePluginSchema } from './migrations/migrate-plugin-schema';
import { runCoreMigrations } from './migrations/run-core-migrations';
import { AgentDimension } from './stores/agent-dimension';
import * as inboxStore from './stores/inbox-store';
import { openRecentMemories } from './stores/recent-memories';
import { SQLITE_STORES } from './stores/sqlite-stores';
import type { StoreContext } from './stores/store-context';

type Session = StoreSession<StoreContext, AgentDimension>;

/**
 * The Kith database adapter on SQLite: one instance per agent, all agents on
 * the same file sharing one connection. The data methods are the shared
 * SqlDatabaseAdapter's over this dialect's stores; better-sqlite3 is
 * synchronous, so each call runs to completion (and its transaction commits)
 * before the next starts.
 */
export class SqliteDatabaseAdapter
  extends SqlDatabaseAdapter<StoreContext, AgentDimension>
  implements IDatabaseAdapter, InboxStore
{
  /** The database file (or `:memory:`). */
  readonly path: string;
  private readonly settings: ConnectionSettings;
  private session: Session | null = null;

  constructor(agentId: UUID, options: SqliteAdapterOptions = {}) {
    super(agentId, SQLITE_STORES, resolveLogPrompts(options));
    this.path = resolveDatabaseFile(options);
    this.settings = resolveConnectionSettings(options);
  }

  /** The drizzle database (for plugins' own tables via `runtime.db`). */
  get db(): KithSqliteDatabase {
    return this.use('db').ctx.conn.db;
  }

  /** How vector search computes: WebAssembly SIMD, or the plain JavaScript fallback. */
  get vectorKernel(): VectorKernel {
    return this.use('vectorKernel').ctx.conn.vectors.kernel;
  }

  /**
   * The session, after committing writes still queued for group commit (so
   * every method sees earlier ones); createMemory itself joins the queue.
   */
  private use(method: string, flush = true): Session {
    if (!this.session) throw new AdapterNotInitializedError(method);
    if (flush) this.session.ctx.conn.flushWrites();
    return this.session;
  }

  private ctx(method: string): StoreContext {
    return this.use(method).ctx;
  }

  protected async run<T>(method: string, order: WriteOrder, fn: (session: Session) => StoreResult<T>): Promise<T> {
    const session = this.use(method, order === 'after-writes' || order === 'reads-memories');
    // Log records and usage wait for the next commit: a reader of them commits them too, not only the queue.
    if (order === 'reads-journal') session.ctx.conn.flushAllWrites();
    return fn(session);
  }

  // ---- lifecycle --------------------------------------------------------

  /** Opens (or joins) the connection to the file and applies pending migrations. Idempotent. */
  async init(): Promise<void> {
    if (this.session) return;
    const conn: SqliteConnection = acquireConnection(this.path, this.settings);
    openRecentMemories(conn);
    const ctx: StoreContext = { agentId: this.agentId, conn };
    this.session = { ctx, dims: new AgentDimension(ctx) };
  }

  async isReady(): Promise<boolean> {
    return this.session !== null && this.session.ctx.conn.sqlite.open;
  }

  /** Releases this adapter's share of the connection; the last one closes it. */
  async close(): Promise<void> {
    if (!this.session) return;
    const { conn } = this.session.ctx;
    this.session = null;
    conn.flushWrites();
    releaseConnection(conn);
  }

  /** The better-sqlite3 handle. */
  async getConnection(): Promise<Database> {
    return this.ctx('getConnection').conn.sqlite;
  }

  /**
   * Without arguments: applies pending core migrations. With a plugin's
   * schema: creates its missing tables, columns and indexes (see
   * migratePluginSchema for what it will not do).
   */
  async runMigrations(schema?: Record<string, unknown>, pluginName = 'plugin'): Promise<void> {
    const { conn } = this.ctx('runMigrations');
    if (schema === undefined) runCoreMigrations(conn.sqlite, MIGRATIONS_FOLDER);
    else migratePluginSchema(conn.sqlite, schema, pluginName, this.settings.logger);
  }

  // ---- inbox ------------------------------------------------------------

  /** Accepts the message (and stores `memory`) in one transaction that joins the group commit. */
  async acceptInbound(message: InboundMessage, memory?: Memory): Promise<InboxAcceptance> {
    const { ctx, dims } = this.use('acceptInbound', false);
    if (memory?.embedding?.length) dims.checkWrite(memory.embedding.length);
    return inboxStore.acceptInbound(ctx, message, memory);
  }

  /** Joins the group commit without flushing it, so it commits with a reply written in the same tick. */
  async markInboundAnswered(messageId: UUID): Promise<boolean> {
    return inboxStore.markInboundAnswered(this.use('markInboundAnswered', false).ctx, messageId);
  }

  async getPendingInbound(params?: PendingInboundParams): Promise<InboxEntry[]> {
    return inboxStore.getPendingInbound(this.ctx('getPendingInbound'), params);
  }
}
