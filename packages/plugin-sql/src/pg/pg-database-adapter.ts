import type {
  Agent,
  Component,
  EmbeddingSearchResult,
  Entity,
  GetCachedEmbeddingsParams,
  GetMemoriesParams,
  IDatabaseAdapter,
  InboundMessage,
  InboxAcceptance,
  InboxEntry,
  InboxStore,
  Log,
  ModelUsageRecord,
  UsageQuery,
  UsageReport,
  Memory,
  MemoryMetadata,
  Metadata,
  ParticipantUserState,
  PendingInboundParams,
  Relationship,
  Room,
  SearchMemoriesParams,
  Task,
  UUID,
  World,
} from '@kith/core';
import { AdapterNotInitializedError, type DatabaseTarget, describeDatabaseUrl } from '../errors';
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
import * as agentStore from './stores/agent-store';
import { PgAgentDimension } from './stores/agent-dimension';
import * as cacheStore from './stores/cache-store';
import { getCachedEmbeddings } from './stores/cached-embeddings';
import * as entityStore from './stores/entity-store';
import * as inboxStore from './stores/inbox-store';
import * as logStore from './stores/log-store';
import * as usageStore from './stores/usage-store';
import * as memoryReads from './stores/memory-reads';
import { searchMemories } from './stores/memory-search';
import * as memoryWrites from './stores/memory-writes';
import * as participantStore from './stores/participant-store';
import * as relationshipStore from './stores/relationship-store';
import * as roomStore from './stores/room-store';
import type { PgStoreContext } from './stores/store-context';
import * as taskStore from './stores/task-store';
import type { VectorMode } from './vectors/pgvector-columns';

interface Session {
  ctx: PgStoreContext;
  dims: PgAgentDimension;
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
 * LISTEN/NOTIFY, so a plain DM turn costs a few round trips.
 */
export class PgDatabaseAdapter implements IDatabaseAdapter, InboxStore {
  readonly target: DatabaseTarget;
  private readonly settings: PgConnectionSettings;
  private readonly logPrompts: boolean;
  private readonly fleet: PgAdapterOptions['fleet'];
  private session: Session | null = null;
  private opening: Promise<void> | null = null;

  constructor(
    readonly agentId: UUID,
    options: PgAdapterOptions,
  ) {
    this.settings = resolvePgSettings(options);
    this.logPrompts = options.logPrompts ?? false;
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
  private async call<T>(method: string, fn: (session: Session) => Promise<T>): Promise<T> {
    const session = this.use(method);
    try {
      return await fn(session);
    } catch (error) {
      throw callError(error, this.target, method);
    }
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

  async initialize(_config?: Metadata): Promise<void> {
    await this.init();
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

  // ---- agents -----------------------------------------------------------

  getAgent(agentId: UUID): Promise<Agent | null> {
    return this.call('getAgent', ({ ctx }) => agentStore.getAgent(ctx, agentId));
  }

  getAgents(): Promise<Partial<Agent>[]> {
    return this.call('getAgents', ({ ctx }) => agentStore.getAgents(ctx));
  }

  createAgent(agent: Partial<Agent>): Promise<boolean> {
    return this.call('createAgent', ({ ctx, dims }) =>
      agentStore.createAgent(ctx, agent, (agent.id ?? null) === this.agentId ? dims.pending() : null),
    );
  }

  updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    return this.call('updateAgent', ({ ctx }) => agentStore.updateAgent(ctx, agentId, agent));
  }

  deleteAgent(agentId: UUID): Promise<boolean> {
    return this.call('deleteAgent', async ({ ctx, dims }) => {
      await ctx.conn.writes.settled(true);
      const deleted = await agentStore.deleteAgent(ctx, agentId);
      if (agentId === this.agentId) dims.reset();
      return deleted;
    });
  }

  /** Fixes this agent's vector size (384, 512, 768, 1024, 1536 or 3072). */
  ensureEmbeddingDimension(dimension: number): Promise<void> {
    return this.call('ensureEmbeddingDimension', ({ dims }) => dims.ensure(dimension));
  }

  // ---- entities and components -------------------------------------------

  getEntitiesByIds(entityIds: UUID[]): Promise<Entity[]> {
    return this.call('getEntitiesByIds', ({ ctx }) => entityStore.getEntitiesByIds(ctx, entityIds));
  }

  getEntitiesForRoom(roomId: UUID, includeComponents?: boolean): Promise<Entity[]> {
    return this.call('getEntitiesForRoom', ({ ctx }) => entityStore.getEntitiesForRoom(ctx, roomId, includeComponents));
  }

  createEntities(entities: Entity[]): Promise<boolean> {
    return this.call('createEntities', ({ ctx }) => entityStore.createEntities(ctx, entities));
  }

  updateEntity(entity: Entity): Promise<void> {
    return this.call('updateEntity', ({ ctx }) => entityStore.updateEntity(ctx, entity));
  }

  getComponent(entityId: UUID, type: string, worldId?: UUID, sourceEntityId?: UUID): Promise<Component | null> {
    return this.call('getComponent', ({ ctx }) =>
      entityStore.getComponent(ctx, entityId, type, worldId, sourceEntityId),
    );
  }

  getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]> {
    return this.call('getComponents', ({ ctx }) => entityStore.getComponents(ctx, entityId, worldId, sourceEntityId));
  }

  createComponent(component: Component): Promise<boolean> {
    return this.call('createComponent', ({ ctx }) => entityStore.createComponent(ctx, component));
  }

  updateComponent(component: Component): Promise<void> {
    return this.call('updateComponent', ({ ctx }) => entityStore.updateComponent(ctx, component));
  }

  deleteComponent(componentId: UUID): Promise<void> {
    return this.call('deleteComponent', ({ ctx }) => entityStore.deleteComponent(ctx, componentId));
  }

  // ---- memories ---------------------------------------------------------

  /** Reads wait for this process's queued memory writes first, so they see them. */
  private async read<T>(method: string, fn: (session: Session) => Promise<T>): Promise<T> {
    return this.call(method, async (session) => {
      if (session.ctx.conn.writes.pending) await session.ctx.conn.writes.settled();
      return fn(session);
    });
  }

  getMemories(params: GetMemoriesParams): Promise<Memory[]> {
    return this.read('getMemories', ({ ctx }) => memoryReads.getMemories(ctx, params));
  }

  getMemoryById(id: UUID): Promise<Memory | null> {
    return this.read('getMemoryById', ({ ctx }) => memoryReads.getMemoryById(ctx, id));
  }

  getMemoriesByIds(ids: UUID[], tableName?: string): Promise<Memory[]> {
    return this.read('getMemoriesByIds', ({ ctx }) => memoryReads.getMemoriesByIds(ctx, ids, tableName));
  }

  getMemoriesByRoomIds(params: { tableName: string; roomIds: UUID[]; limit?: number }): Promise<Memory[]> {
    return this.read('getMemoriesByRoomIds', ({ ctx }) => memoryReads.getMemoriesByRoomIds(ctx, params));
  }

  getMemoriesByWorldId(params: { worldId: UUID; count?: number; tableName?: string }): Promise<Memory[]> {
    return this.read('getMemoriesByWorldId', ({ ctx }) => memoryReads.getMemoriesByWorldId(ctx, params));
  }

  getCachedEmbeddings(params: GetCachedEmbeddingsParams): Promise<EmbeddingSearchResult[]> {
    return this.read('getCachedEmbeddings', ({ ctx }) => getCachedEmbeddings(ctx, params));
  }

  searchMemories(params: SearchMemoriesParams): Promise<Memory[]> {
    return this.read('searchMemories', ({ ctx, dims }) => searchMemories(ctx, dims, params));
  }

  createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID> {
    return this.call('createMemory', ({ ctx, dims }) =>
      memoryWrites.createMemory(ctx, dims, memory, tableName, unique),
    );
  }

  updateMemory(memory: Partial<Memory> & { id: UUID; metadata?: MemoryMetadata }): Promise<boolean> {
    return this.call('updateMemory', ({ ctx, dims }) => memoryWrites.updateMemory(ctx, dims, memory));
  }

  deleteMemory(memoryId: UUID): Promise<void> {
    return this.call('deleteMemory', ({ ctx }) => memoryWrites.deleteMemoriesByIds(ctx, [memoryId]));
  }

  deleteManyMemories(memoryIds: UUID[]): Promise<void> {
    return this.call('deleteManyMemories', ({ ctx }) => memoryWrites.deleteMemoriesByIds(ctx, memoryIds));
  }

  /** Deletes this agent's memories of one table in a room. */
  deleteAllMemories(roomId: UUID, tableName: string): Promise<void> {
    return this.call('deleteAllMemories', async ({ ctx }) => {
      await memoryWrites.deleteMemoriesWhere(ctx, 'room_id = $1 AND agent_id = $2 AND type = $3', [
        roomId,
        this.agentId,
        tableName,
      ]);
    });
  }

  countMemories(roomId: UUID, unique?: boolean, tableName?: string): Promise<number> {
    return this.read('countMemories', ({ ctx }) => memoryReads.countMemories(ctx, roomId, unique, tableName));
  }

  /** This agent's memories whose content.inReplyTo is `inReplyTo`, oldest first (by an index). */
  getRepliesTo(inReplyTo: UUID): Promise<Memory[]> {
    return this.read('getRepliesTo', ({ ctx }) => inboxStore.getRepliesTo(ctx, inReplyTo));
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

  // ---- logs -------------------------------------------------------------

  log(params: { body: Record<string, unknown>; entityId: UUID; roomId: UUID; type: string }): Promise<void> {
    return this.call('log', ({ ctx }) => logStore.log(ctx, params, this.logPrompts));
  }

  getLogs(params: { entityId?: UUID; roomId?: UUID; type?: string; count?: number; offset?: number }): Promise<Log[]> {
    return this.call('getLogs', ({ ctx }) => logStore.getLogs(ctx, params));
  }

  deleteLog(logId: UUID): Promise<void> {
    return this.call('deleteLog', ({ ctx }) => logStore.deleteLog(ctx, logId));
  }

  // ---- usage ------------------------------------------------------------

  /** Adds summed model calls to the agent's day rows (model_usage). */
  logModelUsage(records: ModelUsageRecord[]): Promise<void> {
    return this.call('logModelUsage', ({ ctx }) => usageStore.logModelUsage(ctx, records));
  }

  /** Totals and groups over whole UTC days from the model_usage day rows. */
  getUsage(query: UsageQuery): Promise<UsageReport> {
    return this.call('getUsage', ({ ctx }) => usageStore.getUsage(ctx, query));
  }

  // ---- worlds and rooms -------------------------------------------------

  createWorld(world: World): Promise<UUID> {
    return this.call('createWorld', ({ ctx }) => roomStore.createWorld(ctx, world));
  }

  getWorld(id: UUID): Promise<World | null> {
    return this.call('getWorld', ({ ctx }) => roomStore.getWorld(ctx, id));
  }

  removeWorld(id: UUID): Promise<void> {
    return this.call('removeWorld', ({ ctx }) => roomStore.removeWorld(ctx, id));
  }

  getAllWorlds(): Promise<World[]> {
    return this.call('getAllWorlds', ({ ctx }) => roomStore.getAllWorlds(ctx));
  }

  updateWorld(world: World): Promise<void> {
    return this.call('updateWorld', ({ ctx }) => roomStore.updateWorld(ctx, world));
  }

  getRoomsByIds(roomIds: UUID[]): Promise<Room[]> {
    return this.call('getRoomsByIds', ({ ctx }) => roomStore.getRoomsByIds(ctx, roomIds));
  }

  createRooms(rooms: Room[]): Promise<UUID[]> {
    return this.call('createRooms', ({ ctx }) => roomStore.createRooms(ctx, rooms));
  }

  deleteRoom(roomId: UUID): Promise<void> {
    return this.call('deleteRoom', ({ ctx }) => roomStore.deleteRoom(ctx, roomId));
  }

  deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    return this.call('deleteRoomsByWorldId', ({ ctx }) => roomStore.deleteRoomsByWorldId(ctx, worldId));
  }

  updateRoom(room: Room): Promise<void> {
    return this.call('updateRoom', ({ ctx }) => roomStore.updateRoom(ctx, room));
  }

  getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    return this.call('getRoomsForParticipant', ({ ctx }) => roomStore.getRoomsForParticipants(ctx, [entityId]));
  }

  getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    return this.call('getRoomsForParticipants', ({ ctx }) => roomStore.getRoomsForParticipants(ctx, entityIds));
  }

  getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    return this.call('getRoomsByWorld', ({ ctx }) => roomStore.getRoomsByWorld(ctx, worldId));
  }

  // ---- participants -----------------------------------------------------

  addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    return this.call('addParticipantsRoom', ({ ctx }) => participantStore.addParticipantsRoom(ctx, entityIds, roomId));
  }

  removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return this.call('removeParticipant', ({ ctx }) => participantStore.removeParticipant(ctx, entityId, roomId));
  }

  getParticipantsForEntity(entityId: UUID): Promise<{ id: UUID; entityId: UUID; roomId: UUID }[]> {
    return this.call('getParticipantsForEntity', ({ ctx }) => participantStore.getParticipantsForEntity(ctx, entityId));
  }

  getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    return this.call('getParticipantsForRoom', ({ ctx }) => participantStore.getParticipantsForRoom(ctx, roomId));
  }

  isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    return this.call('isRoomParticipant', ({ ctx }) => participantStore.isRoomParticipant(ctx, roomId, entityId));
  }

  getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantUserState> {
    return this.call('getParticipantUserState', ({ ctx }) =>
      participantStore.getParticipantUserState(ctx, roomId, entityId),
    );
  }

  setParticipantUserState(roomId: UUID, entityId: UUID, state: ParticipantUserState): Promise<void> {
    return this.call('setParticipantUserState', ({ ctx }) =>
      participantStore.setParticipantUserState(ctx, roomId, entityId, state),
    );
  }

  // ---- relationships ----------------------------------------------------

  createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean> {
    return this.call('createRelationship', ({ ctx }) => relationshipStore.createRelationship(ctx, params));
  }

  updateRelationship(relationship: Relationship): Promise<void> {
    return this.call('updateRelationship', ({ ctx }) => relationshipStore.updateRelationship(ctx, relationship));
  }

  getRelationship(params: { sourceEntityId: UUID; targetEntityId: UUID }): Promise<Relationship | null> {
    return this.call('getRelationship', ({ ctx }) => relationshipStore.getRelationship(ctx, params));
  }

  getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]> {
    return this.call('getRelationships', ({ ctx }) => relationshipStore.getRelationships(ctx, params));
  }

  // ---- cache ------------------------------------------------------------

  getCache<T>(key: string): Promise<T | undefined> {
    return this.call('getCache', ({ ctx }) => cacheStore.getCache<T>(ctx, key));
  }

  setCache<T>(key: string, value: T, ttlMs?: number): Promise<boolean> {
    return this.call('setCache', ({ ctx }) => cacheStore.setCache(ctx, key, value, ttlMs));
  }

  deleteCache(key: string): Promise<boolean> {
    return this.call('deleteCache', ({ ctx }) => cacheStore.deleteCache(ctx, key));
  }

  // ---- tasks ------------------------------------------------------------

  createTask(task: Task): Promise<UUID> {
    return this.call('createTask', ({ ctx }) => taskStore.createTask(ctx, task));
  }

  getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]> {
    return this.call('getTasks', ({ ctx }) => taskStore.getTasks(ctx, params));
  }

  getTask(id: UUID): Promise<Task | null> {
    return this.call('getTask', ({ ctx }) => taskStore.getTask(ctx, id));
  }

  getTasksByName(name: string): Promise<Task[]> {
    return this.call('getTasksByName', ({ ctx }) => taskStore.getTasksByName(ctx, name));
  }

  updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    return this.call('updateTask', ({ ctx }) => taskStore.updateTask(ctx, id, task));
  }

  deleteTask(id: UUID): Promise<void> {
    return this.call('deleteTask', ({ ctx }) => taskStore.deleteTask(ctx, id));
  }
}
