import type {
  Agent,
  Component,
  EmbeddingSearchResult,
  Entity,
  GetCachedEmbeddingsParams,
  GetMemoriesParams,
  IDatabaseAdapter,
  Log,
  Memory,
  MemoryMetadata,
  Metadata,
  ModelUsageRecord,
  ParticipantUserState,
  Relationship,
  Room,
  SearchMemoriesParams,
  Task,
  UsageQuery,
  UsageReport,
  UUID,
  World,
} from '@kith/core';

/** SQLite's stores answer at once (better-sqlite3 is synchronous), PostgreSQL's with a promise. */
export type StoreResult<T> = T | Promise<T>;

/** The agent's fixed vector size, kept per adapter. */
export interface EmbeddingDimensionKeeper {
  /** The size a new agent row should record (set by ensure before the row exists), or null. */
  pending(): number | null;
  ensure(dimension: number): StoreResult<void>;
  /** Forgets the size (the agent was deleted). */
  reset(): void;
}

export interface AgentStore<C> {
  getAgent(ctx: C, agentId: UUID): StoreResult<Agent | null>;
  getAgents(ctx: C): StoreResult<Partial<Agent>[]>;
  createAgent(ctx: C, agent: Partial<Agent>, embeddingDimension: number | null): StoreResult<boolean>;
  updateAgent(ctx: C, agentId: UUID, patch: Partial<Agent>): StoreResult<boolean>;
  deleteAgent(ctx: C, agentId: UUID): StoreResult<boolean>;
}

export interface EntityStore<C> {
  getEntitiesByIds(ctx: C, entityIds: UUID[]): StoreResult<Entity[]>;
  getEntitiesForRoom(ctx: C, roomId: UUID, includeComponents?: boolean): StoreResult<Entity[]>;
  createEntities(ctx: C, entities: Entity[]): StoreResult<boolean>;
  updateEntity(ctx: C, entity: Entity): StoreResult<void>;
}

export interface ComponentStore<C> {
  getComponent(
    ctx: C,
    entityId: UUID,
    type: string,
    worldId?: UUID,
    sourceEntityId?: UUID,
  ): StoreResult<Component | null>;
  getComponents(ctx: C, entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): StoreResult<Component[]>;
  createComponent(ctx: C, component: Component): StoreResult<boolean>;
  updateComponent(ctx: C, component: Component): StoreResult<void>;
  deleteComponent(ctx: C, componentId: UUID): StoreResult<void>;
}

export interface MemoryReads<C> {
  getMemories(ctx: C, params: GetMemoriesParams): StoreResult<Memory[]>;
  getMemoryById(ctx: C, id: UUID): StoreResult<Memory | null>;
  getMemoriesByIds(ctx: C, ids: UUID[], tableName?: string): StoreResult<Memory[]>;
  getMemoriesByRoomIds(ctx: C, params: { tableName: string; roomIds: UUID[]; limit?: number }): StoreResult<Memory[]>;
  getMemoriesByWorldId(ctx: C, params: { worldId: UUID; count?: number; tableName?: string }): StoreResult<Memory[]>;
  countMemories(ctx: C, roomId: UUID, unique?: boolean, tableName?: string): StoreResult<number>;
  /** This agent's memories replying to `inReplyTo` (content.inReplyTo), oldest first. */
  getRepliesTo(ctx: C, inReplyTo: UUID): StoreResult<Memory[]>;
}

export interface MemoryWrites<C, D> {
  createMemory(ctx: C, dims: D, memory: Memory, tableName: string, unique?: boolean): StoreResult<UUID>;
  updateMemory(
    ctx: C,
    dims: D,
    memory: Partial<Memory> & { id: UUID; metadata?: MemoryMetadata },
  ): StoreResult<boolean>;
  deleteMemoriesByIds(ctx: C, ids: readonly string[]): StoreResult<void>;
  /** Deletes this agent's memories of one table in a room. */
  deleteAllMemories(ctx: C, roomId: UUID, tableName: string): StoreResult<void>;
}

export interface MemorySearch<C, D> {
  searchMemories(ctx: C, dims: D, params: SearchMemoriesParams): StoreResult<Memory[]>;
}

export interface CachedEmbeddings<C> {
  getCachedEmbeddings(ctx: C, params: GetCachedEmbeddingsParams): StoreResult<EmbeddingSearchResult[]>;
}

export type LogParams = Parameters<IDatabaseAdapter['log']>[0];
export type LogQuery = Parameters<IDatabaseAdapter['getLogs']>[0];

export interface LogStore<C> {
  /** Stores a compact record: long texts in the body are cut unless `logPrompts` (LOG_PROMPTS_TO_DB). */
  log(ctx: C, params: LogParams, logPrompts: boolean): StoreResult<void>;
  getLogs(ctx: C, params: LogQuery): StoreResult<Log[]>;
  deleteLog(ctx: C, logId: UUID): StoreResult<void>;
}

export interface UsageStore<C> {
  logModelUsage(ctx: C, records: readonly ModelUsageRecord[]): StoreResult<void>;
  getUsage(ctx: C, query: UsageQuery): StoreResult<UsageReport>;
}

export interface WorldStore<C> {
  createWorld(ctx: C, world: World): StoreResult<UUID>;
  getWorld(ctx: C, id: UUID): StoreResult<World | null>;
  getAllWorlds(ctx: C): StoreResult<World[]>;
  updateWorld(ctx: C, world: World): StoreResult<void>;
  /** Deletes the rooms of a world, with their memories and participants. */
  deleteRoomsByWorldId(ctx: C, worldId: UUID): StoreResult<void>;
  /** Deletes a world and everything in its rooms. */
  removeWorld(ctx: C, id: UUID): StoreResult<void>;
}

export interface RoomStore<C> {
  getRoomsByIds(ctx: C, roomIds: UUID[]): StoreResult<Room[]>;
  createRooms(ctx: C, rooms: Room[]): StoreResult<UUID[]>;
  updateRoom(ctx: C, room: Room): StoreResult<void>;
  deleteRoom(ctx: C, roomId: UUID): StoreResult<void>;
  getRoomsByWorld(ctx: C, worldId: UUID): StoreResult<Room[]>;
  getRoomsForParticipants(ctx: C, entityIds: UUID[]): StoreResult<UUID[]>;
}

export interface ParticipantStore<C> {
  addParticipantsRoom(ctx: C, entityIds: UUID[], roomId: UUID): StoreResult<boolean>;
  removeParticipant(ctx: C, entityId: UUID, roomId: UUID): StoreResult<boolean>;
  getParticipantsForEntity(ctx: C, entityId: UUID): StoreResult<{ id: UUID; entityId: UUID; roomId: UUID }[]>;
  getParticipantsForRoom(ctx: C, roomId: UUID): StoreResult<UUID[]>;
  isRoomParticipant(ctx: C, roomId: UUID, entityId: UUID): StoreResult<boolean>;
  getParticipantUserState(ctx: C, roomId: UUID, entityId: UUID): StoreResult<ParticipantUserState>;
  setParticipantUserState(ctx: C, roomId: UUID, entityId: UUID, state: ParticipantUserState): StoreResult<void>;
}

export interface RelationshipStore<C> {
  createRelationship(
    ctx: C,
    params: { sourceEntityId: UUID; targetEntityId: UUID; tags?: string[]; metadata?: Metadata },
  ): StoreResult<boolean>;
  updateRelationship(ctx: C, relationship: Relationship): StoreResult<void>;
  getRelationship(ctx: C, params: { sourceEntityId: UUID; targetEntityId: UUID }): StoreResult<Relationship | null>;
  getRelationships(ctx: C, params: { entityId: UUID; tags?: string[] }): StoreResult<Relationship[]>;
}

export interface CacheStore<C> {
  getCache<T>(ctx: C, key: string): StoreResult<T | undefined>;
  setCache<T>(ctx: C, key: string, value: T, ttlMs?: number): StoreResult<boolean>;
  deleteCache(ctx: C, key: string): StoreResult<boolean>;
}

export interface TaskStore<C> {
  createTask(ctx: C, task: Task): StoreResult<UUID>;
  getTasks(ctx: C, params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): StoreResult<Task[]>;
  getTask(ctx: C, id: UUID): StoreResult<Task | null>;
  getTasksByName(ctx: C, name: string): StoreResult<Task[]>;
  updateTask(ctx: C, id: UUID, patch: Partial<Task>): StoreResult<void>;
  deleteTask(ctx: C, id: UUID): StoreResult<void>;
}

/**
 * The stores a dialect provides, split the same way in `sqlite/stores/` and
 * `pg/stores/` (one file a member, same name): what differs between the
 * dialects is their SQL, never which file answers what.
 */
export interface DialectStores<C, D> {
  agents: AgentStore<C>;
  entities: EntityStore<C>;
  components: ComponentStore<C>;
  memoryReads: MemoryReads<C>;
  memoryWrites: MemoryWrites<C, D>;
  memorySearch: MemorySearch<C, D>;
  cachedEmbeddings: CachedEmbeddings<C>;
  logs: LogStore<C>;
  usage: UsageStore<C>;
  worlds: WorldStore<C>;
  rooms: RoomStore<C>;
  participants: ParticipantStore<C>;
  relationships: RelationshipStore<C>;
  cache: CacheStore<C>;
  tasks: TaskStore<C>;
}
