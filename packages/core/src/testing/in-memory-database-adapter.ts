import type { Agent } from '../types/character';
import type {
  EmbeddingSearchResult,
  GetCachedEmbeddingsParams,
  GetMemoriesParams,
  IDatabaseAdapter,
  Log,
  SearchMemoriesParams,
} from '../types/database';
import type { Component, Entity, ParticipantUserState, Relationship, Room, World } from '../types/environment';
import type { InboundMessage, InboxAcceptance, InboxEntry, PendingInboundParams } from '../types/inbox';
import type { Memory, MemoryMetadata } from '../types/memory';
import type { Metadata, UUID } from '../types/primitives';
import type { RoomCoordinator } from '../types/room-coordinator';
import type { Task } from '../types/task';
import type { ModelUsageRecord, UsageQuery, UsageReport } from '../types/usage';
import { addUsageTotals, summarizeUsage, utcDay } from '../runtime/usage/usage-report';
import { randomUuid } from '../uuid/uuid';
import { copyValue } from './copy-value';
import { InMemoryInbox } from './in-memory-inbox';
import { InMemoryMemoryStore } from './in-memory-memory-store';
import { levenshtein } from './levenshtein';

interface ParticipantRow {
  id: UUID;
  entityId: UUID;
  roomId: UUID;
  state: ParticipantUserState;
}

interface CacheRow {
  value: unknown;
  expiresAt: number | null;
}

/**
 * A complete IDatabaseAdapter kept in memory, for tests and examples. One
 * instance serves one agent. It follows the SQLite adapter's semantics:
 * inserts of an existing id are ignored, reads return copies, lists are
 * newest first, vector search is exact cosine similarity.
 */
export class InMemoryDatabaseAdapter implements IDatabaseAdapter {
  /** No driver: plugins that need drizzle tables need @kith/plugin-sql. */
  readonly db: unknown = null;
  /** Plugin names whose schema `runMigrations` was asked to apply. */
  readonly migratedPlugins: string[] = [];
  /** None of its own (one process); a test may set one to act as a server of a fleet. */
  declare roomCoordinator?: RoomCoordinator;

  private ready = false;
  private readonly agents = new Map<UUID, Agent>();
  private readonly entities = new Map<UUID, Entity>();
  private readonly components = new Map<UUID, Component>();
  private readonly memories: InMemoryMemoryStore;
  private readonly logs: Log[] = [];
  /** Usage summed per UTC day, room, model type, provider and model (as the SQL adapters keep it). */
  private readonly usage = new Map<string, ModelUsageRecord>();
  private readonly worlds = new Map<UUID, World>();
  private readonly rooms = new Map<UUID, Room>();
  private readonly participants = new Map<string, ParticipantRow>();
  private readonly relationships = new Map<UUID, Relationship>();
  private readonly cache = new Map<string, CacheRow>();
  private readonly tasks = new Map<UUID, Task>();
  private readonly inbox = new InMemoryInbox();

  constructor(readonly agentId: UUID) {
    this.memories = new InMemoryMemoryStore(agentId);
  }

  /** The vector size set by ensureEmbeddingDimension (or the first stored vector). */
  get embeddingDimension(): number | undefined {
    return this.memories.embeddingDimension;
  }

  // ---- lifecycle -------------------------------------------------------

  async init(): Promise<void> {
    this.ready = true;
  }

  async initialize(_config?: Metadata): Promise<void> {
    await this.init();
  }

  async isReady(): Promise<boolean> {
    return this.ready;
  }

  async close(): Promise<void> {
    this.ready = false;
  }

  async getConnection(): Promise<unknown> {
    return this;
  }

  async runMigrations(_schema?: Record<string, unknown>, pluginName?: string): Promise<void> {
    if (pluginName) this.migratedPlugins.push(pluginName);
  }

  // ---- agents ----------------------------------------------------------

  async getAgent(agentId: UUID): Promise<Agent | null> {
    return copyValue(this.agents.get(agentId) ?? null);
  }

  async getAgents(): Promise<Partial<Agent>[]> {
    return [...this.agents.values()].map((agent) => copyValue(agent));
  }

  async createAgent(agent: Partial<Agent>): Promise<boolean> {
    const id = agent.id ?? randomUuid();
    if (this.agents.has(id)) return false;
    const now = Date.now();
    this.agents.set(id, {
      name: '',
      bio: '',
      ...copyValue(agent),
      id,
      createdAt: agent.createdAt ?? now,
      updatedAt: agent.updatedAt ?? now,
    });
    return true;
  }

  async updateAgent(agentId: UUID, patch: Partial<Agent>): Promise<boolean> {
    const agent = this.agents.get(agentId);
    if (!agent) return false;
    const settings = patch.settings ? mergeSettings(agent.settings ?? {}, copyValue(patch.settings)) : agent.settings;
    this.agents.set(agentId, { ...agent, ...copyValue(patch), settings, id: agentId, updatedAt: Date.now() });
    return true;
  }

  async deleteAgent(agentId: UUID): Promise<boolean> {
    this.agents.delete(agentId);
    return true;
  }

  async ensureEmbeddingDimension(dimension: number): Promise<void> {
    this.memories.ensureDimension(dimension);
  }

  // ---- entities and components -------------------------------------------

  async getEntitiesByIds(entityIds: UUID[]): Promise<Entity[] | null> {
    return entityIds.flatMap((id) => {
      const entity = this.entities.get(id);
      return entity ? [this.withComponents(entity)] : [];
    });
  }

  async getEntitiesForRoom(roomId: UUID, includeComponents = false): Promise<Entity[]> {
    const ids = await this.getParticipantsForRoom(roomId);
    return ids.flatMap((id) => {
      const entity = this.entities.get(id);
      if (!entity) return [];
      return [includeComponents ? this.withComponents(entity) : copyValue(entity)];
    });
  }

  async createEntities(entities: Entity[]): Promise<boolean> {
    for (const entity of entities) {
      const id = entity.id ?? randomUuid();
      if (this.entities.has(id)) continue;
      const { components: _components, ...row } = copyValue(entity);
      this.entities.set(id, {
        ...row,
        id,
        names: [...new Set(entity.names.map(String))],
        metadata: row.metadata ?? {},
      });
    }
    return true;
  }

  async updateEntity(entity: Entity): Promise<void> {
    if (!entity.id) throw new TypeError('updateEntity needs an entity with an id');
    if (!this.entities.has(entity.id)) return;
    const { components: _components, ...row } = copyValue(entity);
    this.entities.set(entity.id, { ...row, id: entity.id, metadata: row.metadata ?? {} });
  }

  async getComponent(entityId: UUID, type: string, worldId?: UUID, sourceEntityId?: UUID): Promise<Component | null> {
    const [component] = this.findComponents(entityId, worldId, sourceEntityId).filter((c) => c.type === type);
    return component ?? null;
  }

  async getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]> {
    return this.findComponents(entityId, worldId, sourceEntityId);
  }

  async createComponent(component: Component): Promise<boolean> {
    const id = component.id ?? randomUuid();
    if (this.components.has(id)) return false;
    this.components.set(id, { ...copyValue(component), id, createdAt: component.createdAt ?? Date.now() });
    return true;
  }

  async updateComponent(component: Component): Promise<void> {
    const existing = this.components.get(component.id);
    if (existing)
      this.components.set(component.id, { ...existing, ...copyValue(component), createdAt: existing.createdAt });
  }

  async deleteComponent(componentId: UUID): Promise<void> {
    this.components.delete(componentId);
  }

  // ---- inbox -------------------------------------------------------------

  async acceptInbound(message: InboundMessage, memory?: Memory): Promise<InboxAcceptance> {
    const existing = this.inbox.get(message.messageId);
    if (existing) return { entry: existing, created: false, stored: false };
    const stored = memory !== undefined && (memory.id === undefined || this.memories.get(memory.id) === null);
    if (memory) this.memories.create(memory, 'messages');
    return { entry: this.inbox.add(message), created: true, stored };
  }

  async markInboundAnswered(messageId: UUID): Promise<boolean> {
    return this.inbox.markAnswered(messageId);
  }

  async getPendingInbound(params?: PendingInboundParams): Promise<InboxEntry[]> {
    return this.inbox.pending(params);
  }

  // ---- memories ----------------------------------------------------------

  async getMemories(params: GetMemoriesParams): Promise<Memory[]> {
    return this.memories.list(
      (memory, tableName) =>
        tableName === params.tableName &&
        (!params.entityId || memory.entityId === params.entityId) &&
        (!params.agentId || memory.agentId === params.agentId) &&
        (!params.roomId || memory.roomId === params.roomId) &&
        (!params.worldId || memory.worldId === params.worldId) &&
        (!params.unique || memory.unique === true) &&
        (params.start === undefined || (memory.createdAt ?? 0) >= params.start) &&
        (params.end === undefined || (memory.createdAt ?? 0) <= params.end),
      { count: params.count, offset: params.offset },
    );
  }

  /** This agent's memories replying to `inReplyTo` (content.inReplyTo), oldest first. */
  async getRepliesTo(inReplyTo: UUID): Promise<Memory[]> {
    return this.memories
      .list((memory) => memory.content.inReplyTo === inReplyTo && (memory.agentId ?? this.agentId) === this.agentId)
      .reverse();
  }

  async getMemoryById(id: UUID): Promise<Memory | null> {
    return this.memories.get(id);
  }

  async getMemoriesByIds(ids: UUID[], tableName?: string): Promise<Memory[]> {
    const wanted = new Set(ids);
    return this.memories.list((memory, table) => wanted.has(memory.id as UUID) && (!tableName || table === tableName));
  }

  async getMemoriesByRoomIds(params: { tableName: string; roomIds: UUID[]; limit?: number }): Promise<Memory[]> {
    const rooms = new Set(params.roomIds);
    return this.memories.list((memory, table) => table === params.tableName && rooms.has(memory.roomId), {
      count: params.limit,
    });
  }

  async getMemoriesByWorldId(params: { worldId: UUID; count?: number; tableName?: string }): Promise<Memory[]> {
    const rooms = new Set(
      [...this.rooms.values()].filter((room) => room.worldId === params.worldId).map((room) => room.id),
    );
    return this.memories.list(
      (memory, table) =>
        (!params.tableName || table === params.tableName) &&
        (memory.worldId === params.worldId || rooms.has(memory.roomId)),
      { count: params.count },
    );
  }

  /** Earlier texts close to `query_input` (Levenshtein distance ≤ threshold) and their embeddings. */
  async getCachedEmbeddings(params: GetCachedEmbeddingsParams): Promise<EmbeddingSearchResult[]> {
    const results: EmbeddingSearchResult[] = [];
    for (const memory of this.memories.list((m, table) => table === params.query_table_name && Boolean(m.embedding))) {
      const field = (memory as unknown as Record<string, unknown>)[params.query_field_name];
      const text =
        field && typeof field === 'object'
          ? (field as Record<string, unknown>)[params.query_field_sub_name]
          : undefined;
      if (typeof text !== 'string') continue;
      const score = levenshtein(params.query_input, text);
      if (score <= params.query_threshold)
        results.push({ embedding: memory.embedding ?? [], levenshtein_score: score });
    }
    return results.sort((a, b) => a.levenshtein_score - b.levenshtein_score).slice(0, params.query_match_count);
  }

  async searchMemories(params: SearchMemoriesParams): Promise<Memory[]> {
    return this.memories.search(params);
  }

  async createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID> {
    return this.memories.create(memory, tableName, unique);
  }

  async updateMemory(memory: Partial<Memory> & { id: UUID; metadata?: MemoryMetadata }): Promise<boolean> {
    return this.memories.update(memory);
  }

  async deleteMemory(memoryId: UUID): Promise<void> {
    this.memories.delete([memoryId]);
  }

  async deleteManyMemories(memoryIds: UUID[]): Promise<void> {
    this.memories.delete(memoryIds);
  }

  async deleteAllMemories(roomId: UUID, tableName: string): Promise<void> {
    this.memories.deleteWhere((memory, table) => memory.roomId === roomId && table === tableName);
  }

  /** Counts a room's memories; only unique ones when `unique` is true. */
  async countMemories(roomId: UUID, unique = false, tableName?: string): Promise<number> {
    return this.memories.count(
      (memory, table) =>
        memory.roomId === roomId && (!tableName || table === tableName) && (!unique || memory.unique === true),
    );
  }

  // ---- logs --------------------------------------------------------------

  async log(params: { body: Record<string, unknown>; entityId: UUID; roomId: UUID; type: string }): Promise<void> {
    this.logs.push({
      id: randomUuid(),
      entityId: params.entityId,
      roomId: params.roomId,
      type: params.type,
      body: copyValue(params.body),
      createdAt: new Date(),
    });
  }

  async getLogs(params: {
    entityId?: UUID;
    roomId?: UUID;
    type?: string;
    count?: number;
    offset?: number;
  }): Promise<Log[]> {
    const offset = params.offset ?? 0;
    return this.logs
      .filter(
        (log) =>
          (!params.entityId || log.entityId === params.entityId) &&
          (!params.roomId || log.roomId === params.roomId) &&
          (!params.type || log.type === params.type),
      )
      .reverse()
      .slice(offset, offset + (params.count ?? 10))
      .map((log) => copyValue(log));
  }

  async deleteLog(logId: UUID): Promise<void> {
    const index = this.logs.findIndex((log) => log.id === logId);
    if (index >= 0) this.logs.splice(index, 1);
  }

  // ---- usage -------------------------------------------------------------

  async logModelUsage(records: ModelUsageRecord[]): Promise<void> {
    for (const record of records) {
      const day = utcDay(record.at);
      const key = [day, record.roomId ?? '', record.modelType, record.provider, record.model].join('\u0000');
      const kept = this.usage.get(key);
      if (!kept) {
        // Filed at the day's start, as a day row is.
        this.usage.set(key, { ...copyValue(record), at: Date.parse(`${day}T00:00:00Z`) });
        continue;
      }
      addUsageTotals(kept, record);
      kept.durationMs += record.durationMs;
    }
  }

  async getUsage(query: UsageQuery): Promise<UsageReport> {
    return summarizeUsage(this.usage.values(), query);
  }

  // ---- worlds and rooms --------------------------------------------------

  async createWorld(world: World): Promise<UUID> {
    const id = world.id ?? randomUuid();
    if (!this.worlds.has(id)) this.worlds.set(id, { ...copyValue(world), id, agentId: world.agentId ?? this.agentId });
    return id;
  }

  async getWorld(id: UUID): Promise<World | null> {
    return copyValue(this.worlds.get(id) ?? null);
  }

  async removeWorld(id: UUID): Promise<void> {
    await this.deleteRoomsByWorldId(id);
    this.worlds.delete(id);
  }

  async getAllWorlds(): Promise<World[]> {
    return [...this.worlds.values()].map((world) => copyValue(world));
  }

  async updateWorld(world: World): Promise<void> {
    const existing = this.worlds.get(world.id);
    if (existing) this.worlds.set(world.id, { ...existing, ...copyValue(world) });
  }

  async getRoomsByIds(roomIds: UUID[]): Promise<Room[] | null> {
    return roomIds.flatMap((id) => {
      const room = this.rooms.get(id);
      return room ? [copyValue(room)] : [];
    });
  }

  async createRooms(rooms: Room[]): Promise<UUID[]> {
    return rooms.map((room) => {
      const id = room.id ?? randomUuid();
      if (!this.rooms.has(id)) this.rooms.set(id, { ...copyValue(room), id, agentId: this.agentId });
      return id;
    });
  }

  /** Deletes the room with its memories and participants. */
  async deleteRoom(roomId: UUID): Promise<void> {
    this.rooms.delete(roomId);
    this.memories.deleteWhere((memory) => memory.roomId === roomId);
    for (const [key, row] of this.participants) if (row.roomId === roomId) this.participants.delete(key);
  }

  async deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    for (const room of [...this.rooms.values()]) if (room.worldId === worldId) await this.deleteRoom(room.id);
  }

  async updateRoom(room: Room): Promise<void> {
    const existing = this.rooms.get(room.id);
    if (existing) this.rooms.set(room.id, { ...existing, ...copyValue(room), agentId: this.agentId });
  }

  async getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    return this.getRoomsForParticipants([entityId]);
  }

  async getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    const wanted = new Set(entityIds);
    const rooms = new Set<UUID>();
    for (const row of this.participants.values()) if (wanted.has(row.entityId)) rooms.add(row.roomId);
    return [...rooms];
  }

  async getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    return [...this.rooms.values()].filter((room) => room.worldId === worldId).map((room) => copyValue(room));
  }

  // ---- participants ------------------------------------------------------

  async addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    for (const entityId of entityIds) {
      const key = participantKey(roomId, entityId);
      if (!this.participants.has(key)) this.participants.set(key, { id: randomUuid(), entityId, roomId, state: null });
    }
    return true;
  }

  async removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return this.participants.delete(participantKey(roomId, entityId));
  }

  async getParticipantsForEntity(entityId: UUID): Promise<{ id: UUID; entityId: UUID; roomId: UUID }[]> {
    return [...this.participants.values()]
      .filter((row) => row.entityId === entityId)
      .map(({ id, roomId }) => ({ id, entityId, roomId }));
  }

  async getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    return [...this.participants.values()].filter((row) => row.roomId === roomId).map((row) => row.entityId);
  }

  async isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    return this.participants.has(participantKey(roomId, entityId));
  }

  async getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantUserState> {
    return this.participants.get(participantKey(roomId, entityId))?.state ?? null;
  }

  /** Sets FOLLOWED / MUTED / null; does nothing for an entity that is not in the room. */
  async setParticipantUserState(roomId: UUID, entityId: UUID, state: ParticipantUserState): Promise<void> {
    const row = this.participants.get(participantKey(roomId, entityId));
    if (row) row.state = state;
  }

  // ---- relationships -----------------------------------------------------

  /** False when a relationship from source to target already exists. */
  async createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean> {
    if (await this.getRelationship(params)) return false;
    const id = randomUuid();
    this.relationships.set(id, {
      id,
      sourceEntityId: params.sourceEntityId,
      targetEntityId: params.targetEntityId,
      agentId: this.agentId,
      tags: [...(params.tags ?? [])],
      metadata: copyValue(params.metadata ?? {}),
      createdAt: new Date().toISOString(),
    });
    return true;
  }

  async updateRelationship(relationship: Relationship): Promise<void> {
    const existing = this.relationships.get(relationship.id);
    if (existing) {
      this.relationships.set(relationship.id, {
        ...existing,
        tags: [...(relationship.tags ?? [])],
        metadata: copyValue(relationship.metadata ?? {}),
      });
    }
  }

  async getRelationship(params: { sourceEntityId: UUID; targetEntityId: UUID }): Promise<Relationship | null> {
    for (const relationship of this.relationships.values()) {
      if (
        relationship.sourceEntityId === params.sourceEntityId &&
        relationship.targetEntityId === params.targetEntityId
      ) {
        return copyValue(relationship);
      }
    }
    return null;
  }

  /** Relationships with the entity on either side that carry every given tag. */
  async getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]> {
    const tags = params.tags ?? [];
    return [...this.relationships.values()]
      .filter(
        (r) =>
          (r.sourceEntityId === params.entityId || r.targetEntityId === params.entityId) &&
          tags.every((tag) => r.tags.includes(tag)),
      )
      .map((r) => copyValue(r));
  }

  // ---- cache -------------------------------------------------------------

  async getCache<T>(key: string): Promise<T | undefined> {
    const row = this.cache.get(key);
    if (!row) return undefined;
    if (row.expiresAt !== null && row.expiresAt <= Date.now()) {
      this.cache.delete(key);
      return undefined;
    }
    return copyValue(row.value) as T;
  }

  async setCache<T>(key: string, value: T, ttlMs?: number): Promise<boolean> {
    this.cache.set(key, { value: copyValue(value), expiresAt: ttlMs === undefined ? null : Date.now() + ttlMs });
    return true;
  }

  async deleteCache(key: string): Promise<boolean> {
    this.cache.delete(key);
    return true;
  }

  // ---- tasks -------------------------------------------------------------

  async createTask(task: Task): Promise<UUID> {
    const id = task.id ?? randomUuid();
    this.tasks.set(id, {
      ...copyValue(task),
      id,
      tags: [...(task.tags ?? [])],
      metadata: copyValue(task.metadata ?? {}),
      updatedAt: task.updatedAt ?? Date.now(),
    });
    return id;
  }

  /** Tasks matching every given filter; `tags` must all be present. */
  async getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]> {
    const tags = params.tags ?? [];
    return [...this.tasks.values()]
      .filter(
        (task) =>
          (!params.roomId || task.roomId === params.roomId) &&
          (!params.entityId || task.entityId === params.entityId) &&
          tags.every((tag) => task.tags.includes(tag)),
      )
      .map((task) => copyValue(task));
  }

  async getTask(id: UUID): Promise<Task | null> {
    return copyValue(this.tasks.get(id) ?? null);
  }

  async getTasksByName(name: string): Promise<Task[]> {
    return [...this.tasks.values()].filter((task) => task.name === name).map((task) => copyValue(task));
  }

  /** Updates the given fields; metadata is replaced, not merged (as in SQL). */
  async updateTask(id: UUID, patch: Partial<Task>): Promise<void> {
    const task = this.tasks.get(id);
    if (!task) return;
    const defined = Object.fromEntries(Object.entries(copyValue(patch)).filter(([, value]) => value !== undefined));
    this.tasks.set(id, { ...task, ...defined, id, updatedAt: Date.now() });
  }

  async deleteTask(id: UUID): Promise<void> {
    this.tasks.delete(id);
  }

  // ---- helpers -----------------------------------------------------------

  private withComponents(entity: Entity): Entity {
    return { ...copyValue(entity), components: this.findComponents(entity.id as UUID) };
  }

  private findComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Component[] {
    return [...this.components.values()]
      .filter(
        (c) =>
          c.entityId === entityId &&
          (!worldId || c.worldId === worldId) &&
          (!sourceEntityId || c.sourceEntityId === sourceEntityId),
      )
      .map((c) => copyValue(c));
  }
}

function participantKey(roomId: UUID, entityId: UUID): string {
  return `${roomId}:${entityId}`;
}

/** Shallow-merges settings (secrets merged one level deeper); a null value removes its key. */
function mergeSettings(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (key === 'secrets' && isRecord(value) && isRecord(current.secrets))
      merged.secrets = mergeSettings(current.secrets, value);
    else merged[key] = value;
  }
  return merged;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
