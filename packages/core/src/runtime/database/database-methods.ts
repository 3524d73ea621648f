import type { DatabaseMethodName, IDatabaseAdapter } from '../../types/database';
import type { OptionalDatabaseMethodName } from '../../types/inbox';

/**
 * The adapter methods plugins call on the runtime (elizaOS: IAgentRuntime
 * extends IDatabaseAdapter). Listed once; DatabaseDelegates forwards them all.
 * `initialize` is not among them: on the runtime it boots the agent (which
 * calls the adapter's `init`), so forwarding it is impossible.
 */
export const DATABASE_METHODS = [
  'init',
  'isReady',
  'close',
  'getConnection',
  'getAgent',
  'getAgents',
  'createAgent',
  'updateAgent',
  'deleteAgent',
  'ensureEmbeddingDimension',
  'getEntitiesByIds',
  'getEntitiesForRoom',
  'createEntities',
  'updateEntity',
  'getComponent',
  'getComponents',
  'createComponent',
  'updateComponent',
  'deleteComponent',
  'getMemories',
  'getMemoryById',
  'getMemoriesByIds',
  'getMemoriesByRoomIds',
  'getMemoriesByWorldId',
  'getCachedEmbeddings',
  'searchMemories',
  'createMemory',
  'updateMemory',
  'deleteMemory',
  'deleteManyMemories',
  'deleteAllMemories',
  'countMemories',
  'log',
  'getLogs',
  'deleteLog',
  'createWorld',
  'getWorld',
  'removeWorld',
  'getAllWorlds',
  'updateWorld',
  'getRoomsByIds',
  'createRooms',
  'deleteRoom',
  'deleteRoomsByWorldId',
  'updateRoom',
  'getRoomsForParticipant',
  'getRoomsForParticipants',
  'getRoomsByWorld',
  'addParticipantsRoom',
  'removeParticipant',
  'getParticipantsForEntity',
  'getParticipantsForRoom',
  'isRoomParticipant',
  'getParticipantUserState',
  'setParticipantUserState',
  'createRelationship',
  'updateRelationship',
  'getRelationship',
  'getRelationships',
  'getCache',
  'setCache',
  'deleteCache',
  'createTask',
  'getTasks',
  'getTask',
  'getTasksByName',
  'updateTask',
  'deleteTask',
] as const satisfies readonly DatabaseMethodName[];

/**
 * Adapter members the runtime does not forward: the driver handle and Kith's
 * optional members (elizaOS adapters lack them), reached through `runtime.adapter`.
 */
export type NotForwarded = 'db' | 'runMigrations' | 'logModelUsage' | 'getUsage' | OptionalDatabaseMethodName;

/** A forwarded method's name. */
export type ForwardedMethodName = (typeof DATABASE_METHODS)[number];

/** The adapter members the runtime has as its own (forwarded, or `initialize`, which boots the agent). */
export type ForwardedDatabaseMethods = Omit<IDatabaseAdapter, NotForwarded>;

// Compile-time check that the list is complete.
type Missing = Exclude<DatabaseMethodName, (typeof DATABASE_METHODS)[number] | NotForwarded | 'initialize' | undefined>;
const complete: Missing extends never ? true : Missing = true;
void complete;
