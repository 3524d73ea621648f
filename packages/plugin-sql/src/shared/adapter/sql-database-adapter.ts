import type {
  Agent,
  ChannelStore,
  Component,
  EmbeddingSearchResult,
  Entity,
  GetCachedEmbeddingsParams,
  GetMemoriesParams,
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
import type { Conversation } from '../rooms/conversation';
import { AdapterChannels } from './adapter-channels';
import type {
  AgentUpdateResult,
  DialectStores,
  EmbeddingDimensionKeeper,
  LogParams,
  LogQuery,
  StoreResult,
} from './dialect-stores';

/** What a store call works with: the dialect's store context and the agent's vector size. */
export interface StoreSession<C, D> {
  readonly ctx: C;
  readonly dims: D;
}

/**
 * How a call meets the writes this process still holds back (SQLite's group
 * commit, PostgreSQL's write queue):
 * - `after-writes`: runs after them (SQLite commits them first);
 * - `reads-memories`: reads memories, so both dialects let the held-back writes land first;
 * - `joins-writes`: is itself held back with them (a memory, a log record, usage), committed
 *   with the next batch;
 * - `reads-journal`: reads log records or usage, which wait for a later commit: every held-back
 *   write lands first, not only the queue of memories.
 */
export type WriteOrder = 'after-writes' | 'reads-memories' | 'joins-writes' | 'reads-journal';

/**
 * The data methods of the Kith database adapter, once for both dialects:
 * each names its store call and how it orders with held-back writes; the
 * dialect's adapter supplies its stores, its session (`run`), and what only it
 * has (lifecycle, migrations, the inbox, the fleet).
 */
export abstract class SqlDatabaseAdapter<C, D extends EmbeddingDimensionKeeper> {
  /** Channels of several agents, their logs and loop guards: shared by every agent on the database. */
  readonly channels: ChannelStore;

  constructor(
    readonly agentId: UUID,
    private readonly stores: DialectStores<C, D>,
    /** LOG_PROMPTS_TO_DB: keep log bodies whole. */
    protected readonly logPrompts: boolean,
  ) {
    this.channels = new AdapterChannels(stores.channels, (method, order, fn) =>
      this.run(method, order, ({ ctx }) => fn(ctx)),
    );
  }

  /** Opens this adapter's session (connection, migrations). Idempotent. */
  abstract init(): Promise<void>;

  /** elizaOS's name for init. */
  async initialize(_config?: Metadata): Promise<void> {
    await this.init();
  }

  /** Runs a store call in this adapter's session (throwing AdapterNotInitializedError before init). */
  protected abstract run<T>(
    method: string,
    order: WriteOrder,
    fn: (session: StoreSession<C, D>) => StoreResult<T>,
  ): Promise<T>;

  // ---- agents -----------------------------------------------------------

  getAgent(agentId: UUID): Promise<Agent | null> {
    return this.run('getAgent', 'after-writes', ({ ctx }) => this.stores.agents.getAgent(ctx, agentId));
  }

  getAgents(): Promise<Partial<Agent>[]> {
    return this.run('getAgents', 'after-writes', ({ ctx }) => this.stores.agents.getAgents(ctx));
  }

  /** Creates the agent row; this adapter's own agent records the vector size ensured before it existed. */
  createAgent(agent: Partial<Agent>): Promise<boolean> {
    return this.run('createAgent', 'after-writes', ({ ctx, dims }) =>
      this.stores.agents.createAgent(ctx, agent, (agent.id ?? null) === this.agentId ? dims.pending() : null),
    );
  }

  updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    return this.run('updateAgent', 'after-writes', ({ ctx }) => this.stores.agents.updateAgent(ctx, agentId, agent));
  }

  /**
   * Kith's own compare and set: merges `patch` as updateAgent does when `expected` holds for the
   * stored agent, read with the row locked, so of two writers based on the same state one is refused.
   */
  updateAgentIf(
    agentId: UUID,
    patch: Partial<Agent>,
    expected: (stored: Agent) => boolean,
  ): Promise<AgentUpdateResult> {
    return this.run('updateAgentIf', 'after-writes', ({ ctx }) =>
      this.stores.agents.updateAgentIf(ctx, agentId, patch, expected),
    );
  }

  deleteAgent(agentId: UUID): Promise<boolean> {
    return this.run('deleteAgent', 'after-writes', async ({ ctx, dims }) => {
      const deleted = await this.stores.agents.deleteAgent(ctx, agentId);
      if (agentId === this.agentId) dims.reset();
      return deleted;
    });
  }

  /** Fixes this agent's vector size (384, 512, 768, 1024, 1536 or 3072). */
  ensureEmbeddingDimension(dimension: number): Promise<void> {
    return this.run('ensureEmbeddingDimension', 'after-writes', ({ dims }) => dims.ensure(dimension));
  }

  // ---- entities and components -------------------------------------------

  getEntitiesByIds(entityIds: UUID[]): Promise<Entity[]> {
    return this.run('getEntitiesByIds', 'after-writes', ({ ctx }) =>
      this.stores.entities.getEntitiesByIds(ctx, entityIds),
    );
  }

  getEntitiesForRoom(roomId: UUID, includeComponents?: boolean): Promise<Entity[]> {
    return this.run('getEntitiesForRoom', 'after-writes', ({ ctx }) =>
      this.stores.entities.getEntitiesForRoom(ctx, roomId, includeComponents),
    );
  }

  createEntities(entities: Entity[]): Promise<boolean> {
    return this.run('createEntities', 'after-writes', ({ ctx }) => this.stores.entities.createEntities(ctx, entities));
  }

  updateEntity(entity: Entity): Promise<void> {
    return this.run('updateEntity', 'after-writes', ({ ctx }) => this.stores.entities.updateEntity(ctx, entity));
  }

  getComponent(entityId: UUID, type: string, worldId?: UUID, sourceEntityId?: UUID): Promise<Component | null> {
    return this.run('getComponent', 'after-writes', ({ ctx }) =>
      this.stores.components.getComponent(ctx, entityId, type, worldId, sourceEntityId),
    );
  }

  getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]> {
    return this.run('getComponents', 'after-writes', ({ ctx }) =>
      this.stores.components.getComponents(ctx, entityId, worldId, sourceEntityId),
    );
  }

  createComponent(component: Component): Promise<boolean> {
    return this.run('createComponent', 'after-writes', ({ ctx }) =>
      this.stores.components.createComponent(ctx, component),
    );
  }

  updateComponent(component: Component): Promise<void> {
    return this.run('updateComponent', 'after-writes', ({ ctx }) =>
      this.stores.components.updateComponent(ctx, component),
    );
  }

  deleteComponent(componentId: UUID): Promise<void> {
    return this.run('deleteComponent', 'after-writes', ({ ctx }) =>
      this.stores.components.deleteComponent(ctx, componentId),
    );
  }

  // ---- memories ---------------------------------------------------------

  getMemories(params: GetMemoriesParams): Promise<Memory[]> {
    return this.run('getMemories', 'reads-memories', ({ ctx }) => this.stores.memoryReads.getMemories(ctx, params));
  }

  getMemoryById(id: UUID): Promise<Memory | null> {
    return this.run('getMemoryById', 'reads-memories', ({ ctx }) => this.stores.memoryReads.getMemoryById(ctx, id));
  }

  getMemoriesByIds(ids: UUID[], tableName?: string): Promise<Memory[]> {
    return this.run('getMemoriesByIds', 'reads-memories', ({ ctx }) =>
      this.stores.memoryReads.getMemoriesByIds(ctx, ids, tableName),
    );
  }

  getMemoriesByRoomIds(params: { tableName: string; roomIds: UUID[]; limit?: number }): Promise<Memory[]> {
    return this.run('getMemoriesByRoomIds', 'reads-memories', ({ ctx }) =>
      this.stores.memoryReads.getMemoriesByRoomIds(ctx, params),
    );
  }

  getMemoriesByWorldId(params: { worldId: UUID; count?: number; tableName?: string }): Promise<Memory[]> {
    return this.run('getMemoriesByWorldId', 'reads-memories', ({ ctx }) =>
      this.stores.memoryReads.getMemoriesByWorldId(ctx, params),
    );
  }

  countMemories(roomId: UUID, unique?: boolean, tableName?: string): Promise<number> {
    return this.run('countMemories', 'reads-memories', ({ ctx }) =>
      this.stores.memoryReads.countMemories(ctx, roomId, unique, tableName),
    );
  }

  /** This agent's memories replying to `inReplyTo` (content.inReplyTo), oldest first, by an index. */
  getRepliesTo(inReplyTo: UUID): Promise<Memory[]> {
    return this.run('getRepliesTo', 'reads-memories', ({ ctx }) =>
      this.stores.memoryReads.getRepliesTo(ctx, inReplyTo),
    );
  }

  getCachedEmbeddings(params: GetCachedEmbeddingsParams): Promise<EmbeddingSearchResult[]> {
    return this.run('getCachedEmbeddings', 'reads-memories', ({ ctx }) =>
      this.stores.cachedEmbeddings.getCachedEmbeddings(ctx, params),
    );
  }

  searchMemories(params: SearchMemoriesParams): Promise<Memory[]> {
    return this.run('searchMemories', 'reads-memories', ({ ctx, dims }) =>
      this.stores.memorySearch.searchMemories(ctx, dims, params),
    );
  }

  createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID> {
    return this.run('createMemory', 'joins-writes', ({ ctx, dims }) =>
      this.stores.memoryWrites.createMemory(ctx, dims, memory, tableName, unique),
    );
  }

  updateMemory(memory: Partial<Memory> & { id: UUID; metadata?: MemoryMetadata }): Promise<boolean> {
    return this.run('updateMemory', 'after-writes', ({ ctx, dims }) =>
      this.stores.memoryWrites.updateMemory(ctx, dims, memory),
    );
  }

  deleteMemory(memoryId: UUID): Promise<void> {
    return this.run('deleteMemory', 'after-writes', ({ ctx }) =>
      this.stores.memoryWrites.deleteMemoriesByIds(ctx, [memoryId]),
    );
  }

  deleteManyMemories(memoryIds: UUID[]): Promise<void> {
    return this.run('deleteManyMemories', 'after-writes', ({ ctx }) =>
      this.stores.memoryWrites.deleteMemoriesByIds(ctx, memoryIds),
    );
  }

  /** Deletes this agent's memories of one table in a room. */
  deleteAllMemories(roomId: UUID, tableName: string): Promise<void> {
    return this.run('deleteAllMemories', 'after-writes', ({ ctx }) =>
      this.stores.memoryWrites.deleteAllMemories(ctx, roomId, tableName),
    );
  }

  // ---- logs and usage -----------------------------------------------------

  /** Stores a compact record: long texts in the body are cut unless LOG_PROMPTS_TO_DB=true (see compactLogBody). */
  log(params: LogParams): Promise<void> {
    return this.run('log', 'joins-writes', ({ ctx }) => this.stores.logs.log(ctx, params, this.logPrompts));
  }

  getLogs(params: LogQuery): Promise<Log[]> {
    return this.run('getLogs', 'reads-journal', ({ ctx }) => this.stores.logs.getLogs(ctx, params));
  }

  deleteLog(logId: UUID): Promise<void> {
    return this.run('deleteLog', 'after-writes', ({ ctx }) => this.stores.logs.deleteLog(ctx, logId));
  }

  /** Adds summed model calls to the agent's day rows (model_usage). */
  logModelUsage(records: ModelUsageRecord[]): Promise<void> {
    return this.run('logModelUsage', 'joins-writes', ({ ctx }) => this.stores.usage.logModelUsage(ctx, records));
  }

  /** Totals and groups over whole UTC days from the model_usage day rows. */
  getUsage(query: UsageQuery): Promise<UsageReport> {
    return this.run('getUsage', 'reads-journal', ({ ctx }) => this.stores.usage.getUsage(ctx, query));
  }

  // ---- worlds and rooms -------------------------------------------------

  createWorld(world: World): Promise<UUID> {
    return this.run('createWorld', 'after-writes', ({ ctx }) => this.stores.worlds.createWorld(ctx, world));
  }

  getWorld(id: UUID): Promise<World | null> {
    return this.run('getWorld', 'after-writes', ({ ctx }) => this.stores.worlds.getWorld(ctx, id));
  }

  removeWorld(id: UUID): Promise<void> {
    return this.run('removeWorld', 'after-writes', ({ ctx }) => this.stores.worlds.removeWorld(ctx, id));
  }

  getAllWorlds(): Promise<World[]> {
    return this.run('getAllWorlds', 'after-writes', ({ ctx }) => this.stores.worlds.getAllWorlds(ctx));
  }

  updateWorld(world: World): Promise<void> {
    return this.run('updateWorld', 'after-writes', ({ ctx }) => this.stores.worlds.updateWorld(ctx, world));
  }

  deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    return this.run('deleteRoomsByWorldId', 'after-writes', ({ ctx }) =>
      this.stores.worlds.deleteRoomsByWorldId(ctx, worldId),
    );
  }

  getRoomsByIds(roomIds: UUID[]): Promise<Room[]> {
    return this.run('getRoomsByIds', 'after-writes', ({ ctx }) => this.stores.rooms.getRoomsByIds(ctx, roomIds));
  }

  createRooms(rooms: Room[]): Promise<UUID[]> {
    return this.run('createRooms', 'after-writes', ({ ctx }) => this.stores.rooms.createRooms(ctx, rooms));
  }

  deleteRoom(roomId: UUID): Promise<void> {
    return this.run('deleteRoom', 'after-writes', ({ ctx }) => this.stores.rooms.deleteRoom(ctx, roomId));
  }

  updateRoom(room: Room): Promise<void> {
    return this.run('updateRoom', 'after-writes', ({ ctx }) => this.stores.rooms.updateRoom(ctx, room));
  }

  getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    return this.run('getRoomsForParticipant', 'after-writes', ({ ctx }) =>
      this.stores.rooms.getRoomsForParticipants(ctx, [entityId]),
    );
  }

  getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    return this.run('getRoomsForParticipants', 'after-writes', ({ ctx }) =>
      this.stores.rooms.getRoomsForParticipants(ctx, entityIds),
    );
  }

  /** Kith's own: the agent's rooms with their participants' names and last message, newest first, in one query. */
  listConversations(limit = 50): Promise<Conversation[]> {
    return this.run('listConversations', 'reads-memories', ({ ctx }) =>
      this.stores.conversations.listConversations(ctx, limit),
    );
  }

  getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    return this.run('getRoomsByWorld', 'after-writes', ({ ctx }) => this.stores.rooms.getRoomsByWorld(ctx, worldId));
  }

  // ---- participants -----------------------------------------------------

  addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    return this.run('addParticipantsRoom', 'after-writes', ({ ctx }) =>
      this.stores.participants.addParticipantsRoom(ctx, entityIds, roomId),
    );
  }

  removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return this.run('removeParticipant', 'after-writes', ({ ctx }) =>
      this.stores.participants.removeParticipant(ctx, entityId, roomId),
    );
  }

  getParticipantsForEntity(entityId: UUID): Promise<{ id: UUID; entityId: UUID; roomId: UUID }[]> {
    return this.run('getParticipantsForEntity', 'after-writes', ({ ctx }) =>
      this.stores.participants.getParticipantsForEntity(ctx, entityId),
    );
  }

  getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    return this.run('getParticipantsForRoom', 'after-writes', ({ ctx }) =>
      this.stores.participants.getParticipantsForRoom(ctx, roomId),
    );
  }

  isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    return this.run('isRoomParticipant', 'after-writes', ({ ctx }) =>
      this.stores.participants.isRoomParticipant(ctx, roomId, entityId),
    );
  }

  getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantUserState> {
    return this.run('getParticipantUserState', 'after-writes', ({ ctx }) =>
      this.stores.participants.getParticipantUserState(ctx, roomId, entityId),
    );
  }

  setParticipantUserState(roomId: UUID, entityId: UUID, state: ParticipantUserState): Promise<void> {
    return this.run('setParticipantUserState', 'after-writes', ({ ctx }) =>
      this.stores.participants.setParticipantUserState(ctx, roomId, entityId, state),
    );
  }

  // ---- relationships ----------------------------------------------------

  createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean> {
    return this.run('createRelationship', 'after-writes', ({ ctx }) =>
      this.stores.relationships.createRelationship(ctx, params),
    );
  }

  updateRelationship(relationship: Relationship): Promise<void> {
    return this.run('updateRelationship', 'after-writes', ({ ctx }) =>
      this.stores.relationships.updateRelationship(ctx, relationship),
    );
  }

  getRelationship(params: { sourceEntityId: UUID; targetEntityId: UUID }): Promise<Relationship | null> {
    return this.run('getRelationship', 'after-writes', ({ ctx }) =>
      this.stores.relationships.getRelationship(ctx, params),
    );
  }

  getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]> {
    return this.run('getRelationships', 'after-writes', ({ ctx }) =>
      this.stores.relationships.getRelationships(ctx, params),
    );
  }

  // ---- cache ------------------------------------------------------------

  getCache<T>(key: string): Promise<T | undefined> {
    return this.run('getCache', 'after-writes', ({ ctx }) => this.stores.cache.getCache<T>(ctx, key));
  }

  setCache<T>(key: string, value: T, ttlMs?: number): Promise<boolean> {
    return this.run('setCache', 'after-writes', ({ ctx }) => this.stores.cache.setCache(ctx, key, value, ttlMs));
  }

  deleteCache(key: string): Promise<boolean> {
    return this.run('deleteCache', 'after-writes', ({ ctx }) => this.stores.cache.deleteCache(ctx, key));
  }

  // ---- tasks ------------------------------------------------------------

  createTask(task: Task): Promise<UUID> {
    return this.run('createTask', 'after-writes', ({ ctx }) => this.stores.tasks.createTask(ctx, task));
  }

  getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]> {
    return this.run('getTasks', 'after-writes', ({ ctx }) => this.stores.tasks.getTasks(ctx, params));
  }

  getTask(id: UUID): Promise<Task | null> {
    return this.run('getTask', 'after-writes', ({ ctx }) => this.stores.tasks.getTask(ctx, id));
  }

  getTasksByName(name: string): Promise<Task[]> {
    return this.run('getTasksByName', 'after-writes', ({ ctx }) => this.stores.tasks.getTasksByName(ctx, name));
  }

  updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    return this.run('updateTask', 'after-writes', ({ ctx }) => this.stores.tasks.updateTask(ctx, id, task));
  }

  deleteTask(id: UUID): Promise<void> {
    return this.run('deleteTask', 'after-writes', ({ ctx }) => this.stores.tasks.deleteTask(ctx, id));
  }
}
