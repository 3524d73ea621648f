import { DatabaseAdapterMissingError } from '../../errors/database-adapter-missing-error';
import type { IDatabaseAdapter } from '../../types/database';
import type { ForwardedDatabaseMethods, ForwardedMethodName } from './database-methods';
import { observeDatabaseCall, type DatabaseCallObserver } from './observe-database-call';

type Args<K extends ForwardedMethodName> = Parameters<IDatabaseAdapter[K]>;
type Result<K extends ForwardedMethodName> = ReturnType<IDatabaseAdapter[K]>;

/**
 * The registered database adapter and the adapter methods plugins call on the
 * runtime (DATABASE_METHODS), each forwarded to it with the same arguments.
 * A subclass may override one to do more around the call (AgentRuntime's
 * task writes tell listeners).
 */
export abstract class DatabaseDelegates implements ForwardedDatabaseMethods {
  protected adapterRef: IDatabaseAdapter | undefined;

  /** Boots the agent; not forwarded (the adapter's own `initialize` is the driver's). */
  abstract initialize(): Promise<void>;
  /** Told each forwarded call's duration and outcome; undefined while nobody listens. */
  protected abstract databaseObserver(): DatabaseCallObserver | undefined;

  /** The registered adapter; throws DatabaseAdapterMissingError when there is none. */
  get adapter(): IDatabaseAdapter {
    if (!this.adapterRef) throw new DatabaseAdapterMissingError();
    return this.adapterRef;
  }
  set adapter(adapter: IDatabaseAdapter) {
    this.adapterRef = adapter;
  }
  /** The adapter's driver-level handle; undefined without an adapter. */
  get db(): unknown {
    return this.adapterRef?.db;
  }

  init(...args: Args<'init'>): Result<'init'> {
    return this.forward('init', args);
  }
  isReady(...args: Args<'isReady'>): Result<'isReady'> {
    return this.forward('isReady', args);
  }
  close(...args: Args<'close'>): Result<'close'> {
    return this.forward('close', args);
  }
  getConnection(...args: Args<'getConnection'>): Result<'getConnection'> {
    return this.forward('getConnection', args);
  }
  getAgent(...args: Args<'getAgent'>): Result<'getAgent'> {
    return this.forward('getAgent', args);
  }
  getAgents(...args: Args<'getAgents'>): Result<'getAgents'> {
    return this.forward('getAgents', args);
  }
  createAgent(...args: Args<'createAgent'>): Result<'createAgent'> {
    return this.forward('createAgent', args);
  }
  updateAgent(...args: Args<'updateAgent'>): Result<'updateAgent'> {
    return this.forward('updateAgent', args);
  }
  deleteAgent(...args: Args<'deleteAgent'>): Result<'deleteAgent'> {
    return this.forward('deleteAgent', args);
  }
  ensureEmbeddingDimension(...args: Args<'ensureEmbeddingDimension'>): Result<'ensureEmbeddingDimension'> {
    return this.forward('ensureEmbeddingDimension', args);
  }
  getEntitiesByIds(...args: Args<'getEntitiesByIds'>): Result<'getEntitiesByIds'> {
    return this.forward('getEntitiesByIds', args);
  }
  getEntitiesForRoom(...args: Args<'getEntitiesForRoom'>): Result<'getEntitiesForRoom'> {
    return this.forward('getEntitiesForRoom', args);
  }
  createEntities(...args: Args<'createEntities'>): Result<'createEntities'> {
    return this.forward('createEntities', args);
  }
  updateEntity(...args: Args<'updateEntity'>): Result<'updateEntity'> {
    return this.forward('updateEntity', args);
  }
  getComponent(...args: Args<'getComponent'>): Result<'getComponent'> {
    return this.forward('getComponent', args);
  }
  getComponents(...args: Args<'getComponents'>): Result<'getComponents'> {
    return this.forward('getComponents', args);
  }
  createComponent(...args: Args<'createComponent'>): Result<'createComponent'> {
    return this.forward('createComponent', args);
  }
  updateComponent(...args: Args<'updateComponent'>): Result<'updateComponent'> {
    return this.forward('updateComponent', args);
  }
  deleteComponent(...args: Args<'deleteComponent'>): Result<'deleteComponent'> {
    return this.forward('deleteComponent', args);
  }
  getMemories(...args: Args<'getMemories'>): Result<'getMemories'> {
    return this.forward('getMemories', args);
  }
  getMemoryById(...args: Args<'getMemoryById'>): Result<'getMemoryById'> {
    return this.forward('getMemoryById', args);
  }
  getMemoriesByIds(...args: Args<'getMemoriesByIds'>): Result<'getMemoriesByIds'> {
    return this.forward('getMemoriesByIds', args);
  }
  getMemoriesByRoomIds(...args: Args<'getMemoriesByRoomIds'>): Result<'getMemoriesByRoomIds'> {
    return this.forward('getMemoriesByRoomIds', args);
  }
  getMemoriesByWorldId(...args: Args<'getMemoriesByWorldId'>): Result<'getMemoriesByWorldId'> {
    return this.forward('getMemoriesByWorldId', args);
  }
  getCachedEmbeddings(...args: Args<'getCachedEmbeddings'>): Result<'getCachedEmbeddings'> {
    return this.forward('getCachedEmbeddings', args);
  }
  searchMemories(...args: Args<'searchMemories'>): Result<'searchMemories'> {
    return this.forward('searchMemories', args);
  }
  createMemory(...args: Args<'createMemory'>): Result<'createMemory'> {
    return this.forward('createMemory', args);
  }
  updateMemory(...args: Args<'updateMemory'>): Result<'updateMemory'> {
    return this.forward('updateMemory', args);
  }
  deleteMemory(...args: Args<'deleteMemory'>): Result<'deleteMemory'> {
    return this.forward('deleteMemory', args);
  }
  deleteManyMemories(...args: Args<'deleteManyMemories'>): Result<'deleteManyMemories'> {
    return this.forward('deleteManyMemories', args);
  }
  deleteAllMemories(...args: Args<'deleteAllMemories'>): Result<'deleteAllMemories'> {
    return this.forward('deleteAllMemories', args);
  }
  countMemories(...args: Args<'countMemories'>): Result<'countMemories'> {
    return this.forward('countMemories', args);
  }
  log(...args: Args<'log'>): Result<'log'> {
    return this.forward('log', args);
  }
  getLogs(...args: Args<'getLogs'>): Result<'getLogs'> {
    return this.forward('getLogs', args);
  }
  deleteLog(...args: Args<'deleteLog'>): Result<'deleteLog'> {
    return this.forward('deleteLog', args);
  }
  createWorld(...args: Args<'createWorld'>): Result<'createWorld'> {
    return this.forward('createWorld', args);
  }
  getWorld(...args: Args<'getWorld'>): Result<'getWorld'> {
    return this.forward('getWorld', args);
  }
  removeWorld(...args: Args<'removeWorld'>): Result<'removeWorld'> {
    return this.forward('removeWorld', args);
  }
  getAllWorlds(...args: Args<'getAllWorlds'>): Result<'getAllWorlds'> {
    return this.forward('getAllWorlds', args);
  }
  updateWorld(...args: Args<'updateWorld'>): Result<'updateWorld'> {
    return this.forward('updateWorld', args);
  }
  getRoomsByIds(...args: Args<'getRoomsByIds'>): Result<'getRoomsByIds'> {
    return this.forward('getRoomsByIds', args);
  }
  createRooms(...args: Args<'createRooms'>): Result<'createRooms'> {
    return this.forward('createRooms', args);
  }
  deleteRoom(...args: Args<'deleteRoom'>): Result<'deleteRoom'> {
    return this.forward('deleteRoom', args);
  }
  deleteRoomsByWorldId(...args: Args<'deleteRoomsByWorldId'>): Result<'deleteRoomsByWorldId'> {
    return this.forward('deleteRoomsByWorldId', args);
  }
  updateRoom(...args: Args<'updateRoom'>): Result<'updateRoom'> {
    return this.forward('updateRoom', args);
  }
  getRoomsForParticipant(...args: Args<'getRoomsForParticipant'>): Result<'getRoomsForParticipant'> {
    return this.forward('getRoomsForParticipant', args);
  }
  getRoomsForParticipants(...args: Args<'getRoomsForParticipants'>): Result<'getRoomsForParticipants'> {
    return this.forward('getRoomsForParticipants', args);
  }
  getRoomsByWorld(...args: Args<'getRoomsByWorld'>): Result<'getRoomsByWorld'> {
    return this.forward('getRoomsByWorld', args);
  }
  addParticipantsRoom(...args: Args<'addParticipantsRoom'>): Result<'addParticipantsRoom'> {
    return this.forward('addParticipantsRoom', args);
  }
  removeParticipant(...args: Args<'removeParticipant'>): Result<'removeParticipant'> {
    return this.forward('removeParticipant', args);
  }
  getParticipantsForEntity(...args: Args<'getParticipantsForEntity'>): Result<'getParticipantsForEntity'> {
    return this.forward('getParticipantsForEntity', args);
  }
  getParticipantsForRoom(...args: Args<'getParticipantsForRoom'>): Result<'getParticipantsForRoom'> {
    return this.forward('getParticipantsForRoom', args);
  }
  isRoomParticipant(...args: Args<'isRoomParticipant'>): Result<'isRoomParticipant'> {
    return this.forward('isRoomParticipant', args);
  }
  getParticipantUserState(...args: Args<'getParticipantUserState'>): Result<'getParticipantUserState'> {
    return this.forward('getParticipantUserState', args);
  }
  setParticipantUserState(...args: Args<'setParticipantUserState'>): Result<'setParticipantUserState'> {
    return this.forward('setParticipantUserState', args);
  }
  createRelationship(...args: Args<'createRelationship'>): Result<'createRelationship'> {
    return this.forward('createRelationship', args);
  }
  updateRelationship(...args: Args<'updateRelationship'>): Result<'updateRelationship'> {
    return this.forward('updateRelationship', args);
  }
  getRelationship(...args: Args<'getRelationship'>): Result<'getRelationship'> {
    return this.forward('getRelationship', args);
  }
  getRelationships(...args: Args<'getRelationships'>): Result<'getRelationships'> {
    return this.forward('getRelationships', args);
  }
  getCache<T>(...args: [key: string]): Promise<T | undefined> {
    return this.forward('getCache', args) as Promise<T | undefined>;
  }
  setCache<T>(...args: [key: string, value: T, ttlMs?: number]): Promise<boolean> {
    return this.forward('setCache', args);
  }
  deleteCache(...args: Args<'deleteCache'>): Result<'deleteCache'> {
    return this.forward('deleteCache', args);
  }
  createTask(...args: Args<'createTask'>): Result<'createTask'> {
    return this.forward('createTask', args);
  }
  getTasks(...args: Args<'getTasks'>): Result<'getTasks'> {
    return this.forward('getTasks', args);
  }
  getTask(...args: Args<'getTask'>): Result<'getTask'> {
    return this.forward('getTask', args);
  }
  getTasksByName(...args: Args<'getTasksByName'>): Result<'getTasksByName'> {
    return this.forward('getTasksByName', args);
  }
  updateTask(...args: Args<'updateTask'>): Result<'updateTask'> {
    return this.forward('updateTask', args);
  }
  deleteTask(...args: Args<'deleteTask'>): Result<'deleteTask'> {
    return this.forward('deleteTask', args);
  }

  private forward<K extends ForwardedMethodName>(name: K, args: unknown[]): Result<K> {
    const adapter = this.adapterRef;
    // Adapter methods are async: a missing adapter is a rejection, never a synchronous throw.
    if (!adapter) return Promise.reject(new DatabaseAdapterMissingError()) as Result<K>;
    const method = adapter[name] as (...a: unknown[]) => Result<K>;
    const observer = this.databaseObserver();
    if (!observer) return method.apply(adapter, args);
    return observeDatabaseCall(observer, name, () => method.apply(adapter, args)) as Result<K>;
  }
}
