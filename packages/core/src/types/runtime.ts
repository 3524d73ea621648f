import type { Logger } from '../logger/logger';
import type { Character, TemplateType } from './character';
import type { Action, ActionResult, Evaluator, HandlerCallback, Provider } from './components';
import type { IDatabaseAdapter } from './database';
import type { OptionalDatabaseMethodName } from './inbox';
import type { Entity, Room, World } from './environment';
import type { CustomEventHandler, EmittedPayloadOf, EventHandler, EventPayload } from './events';
import type { Memory } from './memory';
import type { IMessageService, SendHandlerFunction, TargetInfo } from './messaging';
import type { ModelHandler, ModelHandlerFn, ModelParamsMap, ModelResultMap, ModelResult, ModelTypeName } from './model';
import type { Plugin, Route } from './plugin';
import type { IService, ServiceClass } from './service';
import type { ChannelType, Content, UUID } from './primitives';
import type { State } from './state';
import type { TaskWorker } from './task';
import type { CostBudgetStatus } from './usage';
import type { AddKnowledgeOptions, AddKnowledgeResult, KnowledgeInput } from './knowledge';
import type { ElizaOSRuntimeMembers } from './eliza-os';

export interface ProcessActionsOptions {
  onStreamChunk?: (chunk: string, messageId?: string) => Promise<void> | void;
}

export interface EnsureConnectionParams {
  entityId: UUID;
  roomId: UUID;
  worldId?: UUID;
  worldName?: string;
  userName?: string;
  name?: string;
  source?: string;
  /** A ChannelType; elizaOS connectors may pass their own names (stored as given). */
  type?: ChannelType | string;
  channelId?: string;
  serverId?: string;
  messageServerId?: UUID;
  userId?: UUID;
  metadata?: Record<string, unknown>;
}

/** One plugin's boot phase and how long it took. */
export interface BootReportEntry {
  plugin: string;
  phase: 'register' | 'init' | 'services' | 'adapter-init' | 'migrations';
  ms: number;
}

/**
 * What plugins see of the agent. It is also a database adapter (delegated),
 * except for the adapter's optional members: use `runtime.adapter` for those.
 */
export interface IAgentRuntime extends Omit<IDatabaseAdapter, OptionalDatabaseMethodName>, ElizaOSRuntimeMembers {
  readonly agentId: UUID;
  character: Character;
  readonly providers: Provider[];
  readonly actions: Action[];
  readonly evaluators: Evaluator[];
  readonly plugins: Plugin[];
  readonly services: Map<string, IService[]>;
  readonly routes: Route[];
  readonly events: Map<string, EventHandler<string>[]>;
  readonly logger: Logger;
  readonly fetch: typeof fetch;
  /**
   * The message pipeline, behind the agent's message ledger: set it to
   * install a pipeline; every call of its handleMessage goes through the
   * ledger (durable acceptance, room order, exactly once, the fleet).
   */
  messageService: IMessageService | null;
  /** Kith: the installed pipeline itself, without the ledger in front (what the ledger runs turns with). */
  readonly messagePipeline?: IMessageService | null;
  adapter: IDatabaseAdapter;

  initialize(): Promise<void>;
  stop(): Promise<void>;
  registerPlugin(plugin: Plugin): Promise<void>;
  registerDatabaseAdapter(adapter: IDatabaseAdapter): void;

  getService<T extends IService = IService>(serviceType: string): T | null;
  getServicesByType<T extends IService = IService>(serviceType: string): T[];
  getAllServices(): Map<string, IService[]>;
  /** elizaOS's name: resolves once the service is up (null if the agent stops first). */
  getServiceLoadPromise<T extends IService = IService>(serviceType: string): Promise<T | null>;
  hasService(serviceType: string): boolean;
  registerService(serviceClass: ServiceClass): Promise<void>;

  registerAction(action: Action): void;
  registerProvider(provider: Provider): void;
  registerEvaluator(evaluator: Evaluator): void;

  registerModel(
    modelType: ModelTypeName | string,
    handler: ModelHandlerFn<never, unknown>,
    provider: string,
    priority?: number,
  ): void;
  getModel(modelType: ModelTypeName | string, provider?: string): ModelHandlerFn<never, unknown> | undefined;
  getModelHandlers(modelType: ModelTypeName | string): ModelHandler[];
  /** A model call; a batch embedding (`{ texts }`) returns one vector per text. */
  useModel<T extends ModelTypeName, P extends ModelParamsMap[T] = ModelParamsMap[T]>(
    modelType: T,
    params: P,
    provider?: string,
  ): Promise<ModelResult<T, P>>;
  /** Kith: MAX_DAILY_COST_USD's state today (UTC): spend, whether it was reached, what answers past it; null when no budget is set. */
  getCostBudget(): CostBudgetStatus | null;

  registerEvent<E extends string>(event: E, handler: EventHandler<E>): void;
  /** elizaOS's form for a plugin's own event: the payload type given, `registerEvent<MyPayload>('MY_EVENT', ...)`. */
  registerEvent<P extends EventPayload = EventPayload>(event: string, handler: CustomEventHandler<P>): void;
  on<E extends string>(event: E, handler: EventHandler<E>): void;
  getEvent(event: string): EventHandler<string>[] | undefined;
  emitEvent<E extends string>(event: E | E[], payload: EmittedPayloadOf<E>): Promise<void>;

  getSetting(key: string): string | boolean | number | null;
  setSetting(key: string, value: string | boolean | number | null, secret?: boolean): void;
  getConversationLength(): number;

  composeState(
    message: Memory,
    includeList?: string[] | null,
    onlyInclude?: boolean,
    skipCache?: boolean,
  ): Promise<State>;
  processActions(
    message: Memory,
    responses: Memory[],
    state?: State,
    callback?: HandlerCallback,
    options?: ProcessActionsOptions,
  ): Promise<void>;
  getActionResults(messageId: UUID): ActionResult[];
  evaluate(
    message: Memory,
    state?: State,
    didRespond?: boolean,
    callback?: HandlerCallback,
    responses?: Memory[],
  ): Promise<Evaluator[] | null>;

  /** Kith: a model call queued behind the reply path (per model type, MAX_CONCURRENT_BACKGROUND_PROMPTS in flight). */
  useModelInBackground<T extends ModelTypeName>(modelType: T, params: ModelParamsMap[T]): Promise<ModelResultMap[T]>;
  /** Learns a document (`{ text }` or `{ path }`): chunked into `knowledge` fragments linked to a `documents` memory. */
  addKnowledge(input: KnowledgeInput, options?: AddKnowledgeOptions): Promise<AddKnowledgeResult>;
  getKnowledge(message: Memory, options?: { count?: number }): Promise<Memory[]>;
  addEmbeddingToMemory(memory: Memory): Promise<Memory>;
  queueEmbeddingGeneration(memory: Memory, priority?: 'high' | 'normal' | 'low'): Promise<void>;

  createRunId(): UUID;
  startRun(roomId?: UUID): UUID;
  endRun(): void;
  /** Runs `fn` inside its own run (the run id follows the async context); the run ends when `fn` settles. */
  withRun<T>(roomId: UUID | undefined, fn: (runId: UUID) => Promise<T>): Promise<T>;
  getCurrentRunId(): UUID | undefined;

  registerTaskWorker(worker: TaskWorker): void;
  getTaskWorker(name: string): TaskWorker | undefined;
  /** Kith: called after every createTask/updateTask/deleteTask through the runtime; returns an unsubscribe function. */
  onTasksChanged(listener: () => void): () => void;

  ensureConnection(params: EnsureConnectionParams): Promise<void>;
  ensureConnections(entities: Entity[], rooms: Room[], source: string, world: World): Promise<void>;
  ensureParticipantInRoom(entityId: UUID, roomId: UUID): Promise<void>;
  ensureWorldExists(world: World): Promise<void>;
  ensureRoomExists(room: Room): Promise<void>;
  getEntityById(entityId: UUID): Promise<Entity | null>;
  getRoom(roomId: UUID): Promise<Room | null>;
  getRooms(worldId: UUID): Promise<Room[]>;
  /** Kith: a prompt template by name (character, then runtime, then plugin, then default). */
  getTemplate(name: string): TemplateType | undefined;
  setTemplate(name: string, template: TemplateType): void;
  createEntity(entity: Entity): Promise<boolean>;

  registerSendHandler(source: string, handler: SendHandlerFunction): void;
  sendMessageToTarget(target: TargetInfo, content: Content): Promise<void>;
}
