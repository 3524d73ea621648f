import { DatabaseAdapterMissingError } from '../../errors';
import type { DatabaseMethodName, IDatabaseAdapter } from '../../types/database';

/**
 * The adapter methods plugins call on the runtime (elizaOS: IAgentRuntime
 * extends IDatabaseAdapter). Listed once; the runtime forwards them all.
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

// Compile-time check that the list is complete.
// Kith's optional usage methods are called on runtime.adapter, not forwarded (elizaOS adapters lack them).
type Missing = Exclude<
  DatabaseMethodName,
  (typeof DATABASE_METHODS)[number] | 'runMigrations' | 'initialize' | 'logModelUsage' | 'getUsage' | undefined
>;
const complete: Missing extends never ? true : Missing = true;
void complete;

/** Methods the runtime implements itself instead of forwarding. */
export type DelegatedDatabaseMethods = Omit<IDatabaseAdapter, 'db' | 'runMigrations' | 'logModelUsage' | 'getUsage'>;

/** Told the duration and outcome of one forwarded call. */
export type DatabaseCallObserver = (operation: string, durationMs: number, success: boolean) => void;

/** Times one forwarded call; the result (or rejection) passes through unchanged. */
function observed(observer: DatabaseCallObserver, name: string, call: () => unknown): unknown {
  const started = performance.now();
  let result: unknown;
  try {
    result = call();
  } catch (error) {
    observer(name, performance.now() - started, false);
    throw error;
  }
  return Promise.resolve(result).then(
    (value) => {
      observer(name, performance.now() - started, true);
      return value;
    },
    (error: unknown) => {
      observer(name, performance.now() - started, false);
      throw error;
    },
  );
}

/**
 * Installs forwarding methods on a class prototype, skipping ones it defines.
 * `observerOf` returns a timing observer only while someone listens, so an
 * unobserved call costs one extra function call.
 */
export function installDatabaseDelegates(
  prototype: object,
  adapterOf: (self: object) => IDatabaseAdapter | undefined,
  observerOf?: (self: object) => DatabaseCallObserver | undefined,
): void {
  for (const name of DATABASE_METHODS) {
    if (Object.prototype.hasOwnProperty.call(prototype, name)) continue;
    Object.defineProperty(prototype, name, {
      configurable: true,
      writable: true,
      value: function (this: object, ...args: unknown[]) {
        const adapter = adapterOf(this);
        // Adapter methods are async: a missing adapter is a rejection, never a synchronous throw.
        if (!adapter) return Promise.reject(new DatabaseAdapterMissingError());
        // eslint-disable-next-line @typescript-eslint/unbound-method -- applied to the adapter below
        const method = adapter[name] as (...a: unknown[]) => unknown;
        const observer = observerOf?.(this);
        if (!observer) return method.apply(adapter, args);
        return observed(observer, name, () => method.apply(adapter, args));
      },
    });
  }
}
