import type {
  Agent,
  ChannelStore,
  Entity,
  IDatabaseAdapter,
  Memory,
  Room,
  SearchMemoriesParams,
  UUID,
} from '@kith/core';

import type { Conversation } from '../rooms/conversation';

/** SQLite's stores answer at once (better-sqlite3 is synchronous), PostgreSQL's with a promise. */
export type StoreResult<T> = T | Promise<T>;

type AdapterMethods = Required<IDatabaseAdapter>;
type AdapterMethod = {
  [K in keyof AdapterMethods]: AdapterMethods[K] extends (...args: never[]) => unknown ? K : never;
}[keyof AdapterMethods];

/**
 * Store functions that answer adapter methods as they are: each takes the
 * dialect's store context, then the method's own parameters, and answers
 * what the method resolves to.
 */
export type StoreFunctions<C, K extends AdapterMethod> = {
  [M in K]: (ctx: C, ...args: Parameters<AdapterMethods[M]>) => StoreResult<Awaited<ReturnType<AdapterMethods[M]>>>;
};

export type LogParams = Parameters<IDatabaseAdapter['log']>[0];
export type LogQuery = Parameters<IDatabaseAdapter['getLogs']>[0];

/** The agent's fixed vector size, kept per adapter. */
export interface EmbeddingDimensionKeeper {
  /** The size a new agent row should record (set by ensure before the row exists), or null. */
  pending(): number | null;
  ensure(dimension: number): StoreResult<void>;
  /** Forgets the size (the agent was deleted). */
  reset(): void;
}

export type AgentStore<C> = StoreFunctions<C, 'getAgent' | 'getAgents' | 'updateAgent' | 'deleteAgent'> & {
  /** Inserts the agent, recording `embeddingDimension` (held by the adapter until the row exists). */
  createAgent(ctx: C, agent: Partial<Agent>, embeddingDimension: number | null): StoreResult<boolean>;
  /** updateAgent when `expected` holds for the stored agent, checked with the row locked (compare and set). */
  updateAgentIf(
    ctx: C,
    agentId: UUID,
    patch: Partial<Agent>,
    expected: (stored: Agent) => boolean,
  ): StoreResult<AgentUpdateResult>;
};

/** What a conditional agent update did: `refused` when the stored agent did not meet the condition. */
export type AgentUpdateResult = 'updated' | 'refused' | 'absent';

/** getEntitiesByIds answers a list (ids not found are skipped), never null. */
export type EntityStore<C> = StoreFunctions<C, 'getEntitiesForRoom' | 'createEntities' | 'updateEntity'> & {
  getEntitiesByIds(ctx: C, entityIds: UUID[]): StoreResult<Entity[]>;
};

export type ComponentStore<C> = StoreFunctions<
  C,
  'getComponent' | 'getComponents' | 'createComponent' | 'updateComponent' | 'deleteComponent'
>;

export type MemoryReads<C> = StoreFunctions<
  C,
  | 'getMemories'
  | 'getMemoryById'
  | 'getMemoriesByIds'
  | 'getMemoriesByRoomIds'
  | 'getMemoriesByWorldId'
  | 'countMemories'
  | 'getRepliesTo'
>;

/** Memory writes; those that store vectors also take the agent's vector size. */
export type MemoryWrites<C, D> = StoreFunctions<C, 'deleteAllMemories'> & {
  createMemory(ctx: C, dims: D, ...args: Parameters<IDatabaseAdapter['createMemory']>): StoreResult<UUID>;
  updateMemory(ctx: C, dims: D, ...args: Parameters<IDatabaseAdapter['updateMemory']>): StoreResult<boolean>;
  deleteMemoriesByIds(ctx: C, ids: readonly string[]): StoreResult<void>;
};

export interface MemorySearch<C, D> {
  searchMemories(ctx: C, dims: D, params: SearchMemoriesParams): StoreResult<Memory[]>;
}

export type CachedEmbeddings<C> = StoreFunctions<C, 'getCachedEmbeddings'>;

export type LogStore<C> = StoreFunctions<C, 'getLogs' | 'deleteLog'> & {
  /** Stores a compact record: long texts in the body are cut unless `logPrompts` (LOG_PROMPTS_TO_DB). */
  log(ctx: C, params: LogParams, logPrompts: boolean): StoreResult<void>;
};

export type UsageStore<C> = StoreFunctions<C, 'logModelUsage' | 'getUsage'>;

export type WorldStore<C> = StoreFunctions<
  C,
  'createWorld' | 'getWorld' | 'getAllWorlds' | 'updateWorld' | 'deleteRoomsByWorldId' | 'removeWorld'
>;

/** getRoomsByIds answers a list (ids not found are skipped), never null. */
export type RoomStore<C> = {
  getRoomsByIds(ctx: C, roomIds: UUID[]): StoreResult<Room[]>;
} & StoreFunctions<C, 'createRooms' | 'updateRoom' | 'deleteRoom' | 'getRoomsByWorld' | 'getRoomsForParticipants'>;

/** Kith's own: an agent's rooms with their participants and last message, in one query. */
export type ConversationStore<C> = {
  listConversations(ctx: C, limit: number): StoreResult<Conversation[]>;
};

export type ParticipantStore<C> = StoreFunctions<
  C,
  | 'addParticipantsRoom'
  | 'removeParticipant'
  | 'getParticipantsForEntity'
  | 'getParticipantsForRoom'
  | 'isRoomParticipant'
  | 'getParticipantUserState'
  | 'setParticipantUserState'
>;

export type RelationshipStore<C> = StoreFunctions<
  C,
  'createRelationship' | 'updateRelationship' | 'getRelationship' | 'getRelationships'
>;

/** The cache keeps its generic value type, which a mapped type would lose. */
export type CacheStore<C> = StoreFunctions<C, 'deleteCache'> & {
  getCache<T>(ctx: C, key: string): StoreResult<T | undefined>;
  setCache<T>(ctx: C, key: string, value: T, ttlMs?: number): StoreResult<boolean>;
};

export type TaskStore<C> = StoreFunctions<
  C,
  'createTask' | 'getTasks' | 'getTask' | 'getTasksByName' | 'updateTask' | 'deleteTask'
>;

/** Core's ChannelStore (the adapter's `channels`), each method taking the store context first. */
export type ChannelFunctions<C> = {
  [M in keyof ChannelStore]: (
    ctx: C,
    ...args: Parameters<ChannelStore[M]>
  ) => StoreResult<Awaited<ReturnType<ChannelStore[M]>>>;
};

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
  channels: ChannelFunctions<C>;
  conversations: ConversationStore<C>;
}
