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
  Memory,
  MemoryMetadata,
  ModelUsageRecord,
  Metadata,
  ParticipantUserState,
  PendingInboundParams,
  Relationship,
  Room,
  SearchMemoriesParams,
  Task,
  UsageQuery,
  UsageReport,
  UUID,
  World,
} from '@kith/core';
import type { Database } from 'better-sqlite3';
import {
  resolveConnectionSettings,
  resolveDatabaseFile,
  resolveLogPrompts,
  type SqliteAdapterOptions,
} from './adapter-options';
import { acquireConnection, releaseConnection } from './connection/connection-registry';
import type { ConnectionSettings, KithSqliteDatabase, SqliteConnection } from './connection/sqlite-connection';
import type { VectorKernel } from '../shared/vectors/int8-matrix';
import { AdapterNotInitializedError } from '../errors';
import { MIGRATIONS_FOLDER } from './migrations/migrations-folder';
import { migratePluginSchema } from './migrations/migrate-plugin-schema';
import { runCoreMigrations } from './migrations/run-core-migrations';
import * as agentStore from './stores/agent-store';
import { AgentDimension } from './stores/agent-dimension';
import * as cacheStore from './stores/cache-store';
import { getCachedEmbeddings } from './stores/cached-embeddings';
import * as componentStore from './stores/component-store';
import * as entityStore from './stores/entity-store';
import * as inboxStore from './stores/inbox-store';
import * as logStore from './stores/log-store';
import * as memoryReads from './stores/memory-reads';
import { searchMemories } from './stores/memory-search';
import * as memoryWrites from './stores/memory-writes';
import { openRecentMemories } from './stores/recent-memories';
import * as participantStore from './stores/participant-store';
import * as relationshipStore from './stores/relationship-store';
import * as roomStore from './stores/room-store';
import type { StoreContext } from './stores/store-context';
import * as taskStore from './stores/task-store';
import * as usageStore from './stores/usage-store';
import * as worldStore from './stores/world-store';

interface Session {
  ctx: StoreContext;
  dims: AgentDimension;
}

/**
 * The Kith database adapter on SQLite: one instance per agent, all agents on
 * the same file sharing one connection. Methods are async to match the
 * contract; better-sqlite3 itself is synchronous, so each call runs to
 * completion (and its transaction commits) before the next starts.
 */
export class SqliteDatabaseAdapter implements IDatabaseAdapter, InboxStore {
  /** The database file (or `:memory:`). */
  readonly path: string;
  private readonly settings: ConnectionSettings;
  /** LOG_PROMPTS_TO_DB: keep log bodies whole. */
  private readonly logPrompts: boolean;
  private session: Session | null = null;

  constructor(
    readonly agentId: UUID,
    options: SqliteAdapterOptions = {},
  ) {
    this.path = resolveDatabaseFile(options);
    this.settings = resolveConnectionSettings(options);
    this.logPrompts = resolveLogPrompts(options);
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

  // ---- lifecycle --------------------------------------------------------

  /** Opens (or joins) the connection to the file and applies pending migrations. Idempotent. */
  async init(): Promise<void> {
    if (this.session) return;
    const conn: SqliteConnection = acquireConnection(this.path, this.settings);
    openRecentMemories(conn);
    const ctx: StoreContext = { agentId: this.agentId, conn };
    this.session = { ctx, dims: new AgentDimension(ctx) };
  }

  async initialize(_config?: Metadata): Promise<void> {
    await this.init();
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

  // ---- agents -----------------------------------------------------------

  async getAgent(agentId: UUID): Promise<Agent | null> {
    return agentStore.getAgent(this.ctx('getAgent'), agentId);
  }

  async getAgents(): Promise<Partial<Agent>[]> {
    return agentStore.getAgents(this.ctx('getAgents'));
  }

  async createAgent(agent: Partial<Agent>): Promise<boolean> {
    const { ctx, dims } = this.use('createAgent');
    const own = (agent.id ?? null) === this.agentId;
    return agentStore.createAgent(ctx, agent, own ? dims.pending() : null);
  }

  async updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    return agentStore.updateAgent(this.ctx('updateAgent'), agentId, agent);
  }

  async deleteAgent(agentId: UUID): Promise<boolean> {
    const { ctx, dims } = this.use('deleteAgent');
    const deleted = agentStore.deleteAgent(ctx, agentId);
    if (agentId === this.agentId) dims.reset();
    return deleted;
  }

  /** Fixes this agent's vector size (384, 512, 768, 1024, 1536 or 3072). */
  async ensureEmbeddingDimension(dimension: number): Promise<void> {
    this.use('ensureEmbeddingDimension').dims.ensure(dimension);
  }

  // ---- entities and components -------------------------------------------

  async getEntitiesByIds(entityIds: UUID[]): Promise<Entity[]> {
    return entityStore.getEntitiesByIds(this.ctx('getEntitiesByIds'), entityIds);
  }

  async getEntitiesForRoom(roomId: UUID, includeComponents?: boolean): Promise<Entity[]> {
    return entityStore.getEntitiesForRoom(this.ctx('getEntitiesForRoom'), roomId, includeComponents);
  }

  async createEntities(entities: Entity[]): Promise<boolean> {
    return entityStore.createEntities(this.ctx('createEntities'), entities);
  }

  async updateEntity(entity: Entity): Promise<void> {
    entityStore.updateEntity(this.ctx('updateEntity'), entity);
  }

  async getComponent(entityId: UUID, type: string, worldId?: UUID, sourceEntityId?: UUID): Promise<Component | null> {
    return componentStore.getComponent(this.ctx('getComponent'), entityId, type, worldId, sourceEntityId);
  }

  async getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]> {
    return componentStore.getComponents(this.ctx('getComponents'), entityId, worldId, sourceEntityId);
  }

  async createComponent(component: Component): Promise<boolean> {
    return componentStore.createComponent(this.ctx('createComponent'), component);
  }

  async updateComponent(component: Component): Promise<void> {
    componentStore.updateComponent(this.ctx('updateComponent'), component);
  }

  async deleteComponent(componentId: UUID): Promise<void> {
    componentStore.deleteComponent(this.ctx('deleteComponent'), componentId);
  }

  // ---- memories ---------------------------------------------------------

  async getMemories(params: GetMemoriesParams): Promise<Memory[]> {
    return memoryReads.getMemories(this.ctx('getMemories'), params);
  }

  async getMemoryById(id: UUID): Promise<Memory | null> {
    return memoryReads.getMemoryById(this.ctx('getMemoryById'), id);
  }

  async getMemoriesByIds(ids: UUID[], tableName?: string): Promise<Memory[]> {
    return memoryReads.getMemoriesByIds(this.ctx('getMemoriesByIds'), ids, tableName);
  }

  async getMemoriesByRoomIds(params: { tableName: string; roomIds: UUID[]; limit?: number }): Promise<Memory[]> {
    return memoryReads.getMemoriesByRoomIds(this.ctx('getMemoriesByRoomIds'), params);
  }

  async getMemoriesByWorldId(params: { worldId: UUID; count?: number; tableName?: string }): Promise<Memory[]> {
    return memoryReads.getMemoriesByWorldId(this.ctx('getMemoriesByWorldId'), params);
  }

  async getCachedEmbeddings(params: GetCachedEmbeddingsParams): Promise<EmbeddingSearchResult[]> {
    return getCachedEmbeddings(this.ctx('getCachedEmbeddings'), params);
  }

  async searchMemories(params: SearchMemoriesParams): Promise<Memory[]> {
    const { ctx, dims } = this.use('searchMemories');
    return searchMemories(ctx, dims, params);
  }

  /** This agent's memories replying to `inReplyTo` (content.inReplyTo), oldest first, by an index. */
  async getRepliesTo(inReplyTo: UUID): Promise<Memory[]> {
    return memoryReads.getRepliesTo(this.ctx('getRepliesTo'), inReplyTo);
  }

  async createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID> {
    const { ctx, dims } = this.use('createMemory', false);
    return memoryWrites.createMemory(ctx, dims, memory, tableName, unique);
  }

  async updateMemory(memory: Partial<Memory> & { id: UUID; metadata?: MemoryMetadata }): Promise<boolean> {
    const { ctx, dims } = this.use('updateMemory');
    return memoryWrites.updateMemory(ctx, dims, memory);
  }

  async deleteMemory(memoryId: UUID): Promise<void> {
    memoryWrites.deleteMemoriesByIds(this.ctx('deleteMemory'), [memoryId]);
  }

  async deleteManyMemories(memoryIds: UUID[]): Promise<void> {
    memoryWrites.deleteMemoriesByIds(this.ctx('deleteManyMemories'), memoryIds);
  }

  /** Deletes this agent's memories of one table in a room. */
  async deleteAllMemories(roomId: UUID, tableName: string): Promise<void> {
    memoryWrites.deleteMemoriesWhere(
      this.ctx('deleteAllMemories'),
      'm.room_id = ? AND m.agent_id = ? AND m.type = ?',
      roomId,
      this.agentId,
      tableName,
    );
  }

  async countMemories(roomId: UUID, unique?: boolean, tableName?: string): Promise<number> {
    return memoryReads.countMemories(this.ctx('countMemories'), roomId, unique, tableName);
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

  // ---- logs -------------------------------------------------------------

  /** Stores a compact record: long texts in the body are cut unless LOG_PROMPTS_TO_DB=true (see compactLogBody). */
  async log(params: { body: Record<string, unknown>; entityId: UUID; roomId: UUID; type: string }): Promise<void> {
    return logStore.log(this.use('log', false).ctx, params, this.logPrompts);
  }

  async getLogs(params: {
    entityId?: UUID;
    roomId?: UUID;
    type?: string;
    count?: number;
    offset?: number;
  }): Promise<Log[]> {
    // Log records wait for the next commit: a reader of logs commits them too, not only the queue.
    const { ctx } = this.use('getLogs', false);
    ctx.conn.flushAllWrites();
    return logStore.getLogs(ctx, params);
  }

  async deleteLog(logId: UUID): Promise<void> {
    logStore.deleteLog(this.ctx('deleteLog'), logId);
  }

  // ---- usage ------------------------------------------------------------

  /** Adds summed model calls to the agent's day rows (model_usage); rides along with a later commit like log records. */
  async logModelUsage(records: ModelUsageRecord[]): Promise<void> {
    return usageStore.logModelUsage(this.use('logModelUsage', false).ctx, records);
  }

  /** Totals and groups over whole UTC days from the model_usage day rows. */
  async getUsage(query: UsageQuery): Promise<UsageReport> {
    const { ctx } = this.use('getUsage', false);
    ctx.conn.flushAllWrites();
    return usageStore.getUsage(ctx, query);
  }

  // ---- worlds and rooms -------------------------------------------------

  async createWorld(world: World): Promise<UUID> {
    return worldStore.createWorld(this.ctx('createWorld'), world);
  }

  async getWorld(id: UUID): Promise<World | null> {
    return worldStore.getWorld(this.ctx('getWorld'), id);
  }

  async removeWorld(id: UUID): Promise<void> {
    worldStore.removeWorld(this.ctx('removeWorld'), id);
  }

  async getAllWorlds(): Promise<World[]> {
    return worldStore.getAllWorlds(this.ctx('getAllWorlds'));
  }

  async updateWorld(world: World): Promise<void> {
    worldStore.updateWorld(this.ctx('updateWorld'), world);
  }

  async getRoomsByIds(roomIds: UUID[]): Promise<Room[]> {
    return roomStore.getRoomsByIds(this.ctx('getRoomsByIds'), roomIds);
  }

  async createRooms(rooms: Room[]): Promise<UUID[]> {
    return roomStore.createRooms(this.ctx('createRooms'), rooms);
  }

  async deleteRoom(roomId: UUID): Promise<void> {
    roomStore.deleteRoom(this.ctx('deleteRoom'), roomId);
  }

  async deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    worldStore.deleteRoomsByWorldId(this.ctx('deleteRoomsByWorldId'), worldId);
  }

  async updateRoom(room: Room): Promise<void> {
    roomStore.updateRoom(this.ctx('updateRoom'), room);
  }

  async getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    return roomStore.getRoomsForParticipants(this.ctx('getRoomsForParticipant'), [entityId]);
  }

  async getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    return roomStore.getRoomsForParticipants(this.ctx('getRoomsForParticipants'), entityIds);
  }

  async getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    return roomStore.getRoomsByWorld(this.ctx('getRoomsByWorld'), worldId);
  }

  // ---- participants -----------------------------------------------------

  async addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    return participantStore.addParticipantsRoom(this.ctx('addParticipantsRoom'), entityIds, roomId);
  }

  async removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return participantStore.removeParticipant(this.ctx('removeParticipant'), entityId, roomId);
  }

  async getParticipantsForEntity(entityId: UUID): Promise<{ id: UUID; entityId: UUID; roomId: UUID }[]> {
    return participantStore.getParticipantsForEntity(this.ctx('getParticipantsForEntity'), entityId);
  }

  async getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    return participantStore.getParticipantsForRoom(this.ctx('getParticipantsForRoom'), roomId);
  }

  async isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    return participantStore.isRoomParticipant(this.ctx('isRoomParticipant'), roomId, entityId);
  }

  async getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantUserState> {
    return participantStore.getParticipantUserState(this.ctx('getParticipantUserState'), roomId, entityId);
  }

  async setParticipantUserState(roomId: UUID, entityId: UUID, state: ParticipantUserState): Promise<void> {
    participantStore.setParticipantUserState(this.ctx('setParticipantUserState'), roomId, entityId, state);
  }

  // ---- relationships ----------------------------------------------------

  async createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean> {
    return relationshipStore.createRelationship(this.ctx('createRelationship'), params);
  }

  async updateRelationship(relationship: Relationship): Promise<void> {
    relationshipStore.updateRelationship(this.ctx('updateRelationship'), relationship);
  }

  async getRelationship(params: { sourceEntityId: UUID; targetEntityId: UUID }): Promise<Relationship | null> {
    return relationshipStore.getRelationship(this.ctx('getRelationship'), params);
  }

  async getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]> {
    return relationshipStore.getRelationships(this.ctx('getRelationships'), params);
  }

  // ---- cache ------------------------------------------------------------

  async getCache<T>(key: string): Promise<T | undefined> {
    return cacheStore.getCache<T>(this.ctx('getCache'), key);
  }

  async setCache<T>(key: string, value: T, ttlMs?: number): Promise<boolean> {
    return cacheStore.setCache(this.ctx('setCache'), key, value, ttlMs);
  }

  async deleteCache(key: string): Promise<boolean> {
    return cacheStore.deleteCache(this.ctx('deleteCache'), key);
  }

  // ---- tasks ------------------------------------------------------------

  async createTask(task: Task): Promise<UUID> {
    return taskStore.createTask(this.ctx('createTask'), task);
  }

  async getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]> {
    return taskStore.getTasks(this.ctx('getTasks'), params);
  }

  async getTask(id: UUID): Promise<Task | null> {
    return taskStore.getTask(this.ctx('getTask'), id);
  }

  async getTasksByName(name: string): Promise<Task[]> {
    return taskStore.getTasksByName(this.ctx('getTasksByName'), name);
  }

  async updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    taskStore.updateTask(this.ctx('updateTask'), id, task);
  }

  async deleteTask(id: UUID): Promise<void> {
    taskStore.deleteTask(this.ctx('deleteTask'), id);
  }
}
