import type { Agent } from './character';
import type { Component, Entity, ParticipantUserState, Relationship, Room, World } from './environment';
import type { InboxStore } from './inbox';
import type { Memory, MemoryMetadata } from './memory';
import type { Metadata, UUID } from './primitives';
import type { ChannelStore } from './channel';
import type { RoomCoordinator } from './room-coordinator';
import type { Task } from './task';
import type { ModelUsageRecord, UsageQuery, UsageReport } from './usage';

/** A database adapter's driver-level connection (its type depends on the adapter). */
export type DbConnection = unknown;

/** A compact log record (run events, model usage). */
export interface Log {
  id?: UUID;
  entityId: UUID;
  roomId?: UUID;
  body: Record<string, unknown>;
  type: string;
  createdAt: Date;
}

export interface GetMemoriesParams {
  tableName: string;
  entityId?: UUID;
  agentId?: UUID;
  roomId?: UUID;
  worldId?: UUID;
  count?: number;
  offset?: number;
  unique?: boolean;
  /** Inclusive lower bound on createdAt (ms). */
  start?: number;
  /** Inclusive upper bound on createdAt (ms). */
  end?: number;
}

export interface SearchMemoriesParams {
  tableName: string;
  embedding: number[];
  match_threshold?: number;
  count?: number;
  unique?: boolean;
  /** Text of the query: re-ranks hits with keyword relevance when given. */
  query?: string;
  roomId?: UUID;
  worldId?: UUID;
  entityId?: UUID;
}

export interface EmbeddingSearchResult {
  embedding: number[];
  levenshtein_score: number;
}

/** `getCachedEmbeddings`: earlier texts close to `query_input` (elizaOS's snake_case names). */
export interface GetCachedEmbeddingsParams {
  query_table_name: string;
  query_threshold: number;
  query_input: string;
  query_field_name: string;
  query_field_sub_name: string;
  query_match_count: number;
}

/**
 * The persistence contract. Each adapter instance serves one agent (rows carry
 * agentId) and may share its connection with other agents in the process.
 * Kith's optional members (the InboxStore methods and getRepliesTo) may be
 * missing from foreign adapters (elizaOS's): callers reach them through
 * `runtime.adapter` after checking, and the runtime does not forward them.
 */
export interface IDatabaseAdapter extends Partial<InboxStore> {
  /** Driver-level handle (a drizzle database for plugin-sql). */
  db: unknown;

  init(): Promise<void>;
  initialize(config?: Metadata): Promise<void>;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
  getConnection(): Promise<DbConnection>;
  runMigrations?(schema?: Record<string, unknown>, pluginName?: string): Promise<void>;

  getAgent(agentId: UUID): Promise<Agent | null>;
  getAgents(): Promise<Partial<Agent>[]>;
  createAgent(agent: Partial<Agent>): Promise<boolean>;
  updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean>;
  deleteAgent(agentId: UUID): Promise<boolean>;
  ensureEmbeddingDimension(dimension: number): Promise<void>;

  getEntitiesByIds(entityIds: UUID[]): Promise<Entity[] | null>;
  getEntitiesForRoom(roomId: UUID, includeComponents?: boolean): Promise<Entity[]>;
  createEntities(entities: Entity[]): Promise<boolean>;
  updateEntity(entity: Entity): Promise<void>;

  getComponent(entityId: UUID, type: string, worldId?: UUID, sourceEntityId?: UUID): Promise<Component | null>;
  getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]>;
  createComponent(component: Component): Promise<boolean>;
  updateComponent(component: Component): Promise<void>;
  deleteComponent(componentId: UUID): Promise<void>;

  getMemories(params: GetMemoriesParams): Promise<Memory[]>;
  getMemoryById(id: UUID): Promise<Memory | null>;
  getMemoriesByIds(ids: UUID[], tableName?: string): Promise<Memory[]>;
  getMemoriesByRoomIds(params: { tableName: string; roomIds: UUID[]; limit?: number }): Promise<Memory[]>;
  getMemoriesByWorldId(params: { worldId: UUID; count?: number; tableName?: string }): Promise<Memory[]>;
  getCachedEmbeddings(params: GetCachedEmbeddingsParams): Promise<EmbeddingSearchResult[]>;
  searchMemories(params: SearchMemoriesParams): Promise<Memory[]>;
  createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID>;
  updateMemory(memory: Partial<Memory> & { id: UUID; metadata?: MemoryMetadata }): Promise<boolean>;
  deleteMemory(memoryId: UUID): Promise<void>;
  deleteManyMemories(memoryIds: UUID[]): Promise<void>;
  deleteAllMemories(roomId: UUID, tableName: string): Promise<void>;
  countMemories(roomId: UUID, unique?: boolean, tableName?: string): Promise<number>;
  /**
   * Kith (optional; the pipeline falls back to a scan of the room without
   * it): this agent's memories whose `content.inReplyTo` is `inReplyTo`,
   * oldest first, by an index. The pipeline marks its replies and IGNORE
   * decisions `inReplyTo: createUniqueUuid(runtime, message.id)`.
   */
  getRepliesTo?(inReplyTo: UUID): Promise<Memory[]>;

  log(params: { body: Record<string, unknown>; entityId: UUID; roomId: UUID; type: string }): Promise<void>;
  getLogs(params: { entityId?: UUID; roomId?: UUID; type?: string; count?: number; offset?: number }): Promise<Log[]>;
  deleteLog(logId: UUID): Promise<void>;

  /**
   * Kith: adds summed model calls to the agent's usage (kept per UTC day,
   * room and model). Optional for elizaOS adapters; Kith's adapters have it.
   */
  logModelUsage?(records: ModelUsageRecord[]): Promise<void>;
  /** Kith: the agent's usage over whole UTC days, totalled and grouped (see UsageQuery). */
  getUsage?(query: UsageQuery): Promise<UsageReport>;

  createWorld(world: World): Promise<UUID>;
  getWorld(id: UUID): Promise<World | null>;
  removeWorld(id: UUID): Promise<void>;
  getAllWorlds(): Promise<World[]>;
  updateWorld(world: World): Promise<void>;

  getRoomsByIds(roomIds: UUID[]): Promise<Room[] | null>;
  createRooms(rooms: Room[]): Promise<UUID[]>;
  deleteRoom(roomId: UUID): Promise<void>;
  deleteRoomsByWorldId(worldId: UUID): Promise<void>;
  updateRoom(room: Room): Promise<void>;
  getRoomsForParticipant(entityId: UUID): Promise<UUID[]>;
  getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]>;
  getRoomsByWorld(worldId: UUID): Promise<Room[]>;

  addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean>;
  removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean>;
  getParticipantsForEntity(entityId: UUID): Promise<{ id: UUID; entityId: UUID; roomId: UUID }[]>;
  getParticipantsForRoom(roomId: UUID): Promise<UUID[]>;
  isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean>;
  getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantUserState>;
  setParticipantUserState(roomId: UUID, entityId: UUID, state: ParticipantUserState): Promise<void>;

  createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean>;
  updateRelationship(relationship: Relationship): Promise<void>;
  getRelationship(params: { sourceEntityId: UUID; targetEntityId: UUID }): Promise<Relationship | null>;
  getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]>;

  getCache<T>(key: string): Promise<T | undefined>;
  setCache<T>(key: string, value: T, ttlMs?: number): Promise<boolean>;
  deleteCache(key: string): Promise<boolean>;

  createTask(task: Task): Promise<UUID>;
  getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]>;
  getTask(id: UUID): Promise<Task | null>;
  getTasksByName(name: string): Promise<Task[]>;
  updateTask(id: UUID, task: Partial<Task>): Promise<void>;
  deleteTask(id: UUID): Promise<void>;

  /**
   * Kith, optional: this agent's side of a fleet (several servers on one
   * database), which the message bus routes every message through. Absent
   * for a single process (SQLite).
   */
  roomCoordinator?: RoomCoordinator;
  /** Kith, optional: channels of several agents and their loop guard, shared by every agent on the database. */
  channels?: ChannelStore;
  /**
   * Kith, optional: takes the right to run a task now, for one server of a
   * fleet: true unless another server claimed it within the last
   * `intervalMs` (a repeat task's interval) or `leaseMs` (a one-shot task
   * still running elsewhere). TaskService asks it before each run.
   */
  claimTask?(id: UUID, params: { intervalMs: number; leaseMs: number }): Promise<boolean>;
}

/** Every method name of the adapter contract (the runtime delegates these). */
export type DatabaseMethodName = {
  [K in keyof IDatabaseAdapter]: IDatabaseAdapter[K] extends (...args: never[]) => unknown ? K : never;
}[keyof IDatabaseAdapter];
