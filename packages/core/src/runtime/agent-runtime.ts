import { PromptBatcher } from '../batch-queue/prompt-batcher';
import { DatabaseAdapterMissingError } from '../errors/database-adapter-missing-error';
import { createLogger, type Logger } from '../logger/logger';
import type {
  Action,
  ActionResult,
  AddKnowledgeOptions,
  AddKnowledgeResult,
  BootReportEntry,
  Character,
  Content,
  EnsureConnectionParams,
  Entity,
  EventHandler,
  Evaluator,
  HandlerCallback,
  IAgentRuntime,
  IDatabaseAdapter,
  IMessageService,
  IService,
  KnowledgeInput,
  Memory,
  ModelHandler,
  ModelHandlerFn,
  ModelParamsMap,
  ModelResultMap,
  ModelTypeName,
  PayloadOf,
  Plugin,
  ProcessActionsOptions,
  Provider,
  Room,
  SendHandlerFunction,
  ServiceClass,
  State,
  TargetInfo,
  TaskWorker,
  TemplateType,
  UUID,
  World,
  CostBudgetStatus,
} from '../types';
import { BoundedMap } from '../utils/bounded-map';
import { stringToUuid } from '../uuid/uuid';
import { processActions, type ProcessActionsDeps } from './actions/process-actions';
import { BootTimer } from './boot/boot-timer';
import { ensureAgentExists } from './boot/ensure-agent-exists';
import { probeEmbeddingDimension } from './boot/probe-embedding-dimension';
import * as connections from './connections/ensure-connection';
import { installDatabaseDelegates, type DelegatedDatabaseMethods } from './database/database-delegates';
import { evaluate, type EvaluateDeps } from './evaluation/evaluate';
import { EventBus } from './events/event-bus';
import { OperationEvents } from './events/operation-events';
import { addKnowledge, searchKnowledge } from './knowledge/add-knowledge';
import { addEmbeddingToMemory } from './models/add-embedding-to-memory';
import { ledgerFront, pipelineBehind } from '../ledger/ledger-message-service';
import { SendHandlers } from './messaging/send-handlers';
import { ModelRegistry } from './models/model-registry';
import { useModel, type UseModelDeps } from './models/use-model';
import { ComponentRegistry } from './plugins/component-registry';
import { createPluginHost } from './plugins/create-plugin-host';
import { installPlugin, type PluginHost } from './plugins/install-plugin';
import { PluginRecords, type PluginRegistration } from './plugins/plugin-records';
import { resolvePluginOrder } from './plugins/resolve-plugin-order';
import { CircuitBreaker } from './resilience/circuit-breaker';
import { RunTracker } from './runs/run-context';
import { withRunSpan } from './runs/run-span';
import { ServiceRegistry } from './services/service-registry';
import { RuntimeSettings } from './settings/runtime-settings';
import type { AgentRuntimeOptions, RegisteredRoute } from './agent-runtime-options';
import { composeState, type ComposeStateDeps } from './state/compose-state';
import { StateCache } from './state/state-cache';
import { TaskChangeListeners } from './tasks/task-change-listeners';
import { TaskWorkers } from './tasks/task-workers';
import { TemplateRegistry } from './templates/template-registry';
import { registerAgent, unregisterAgent } from '../compat/agent-directory';
import { installCompatMembers, type CompatMembers } from '../compat/install-compat-members';
import { ensureAgentSelfRoom } from '../compat/agent-self-room';
import { ModelCosts } from './usage/model-costs';

// The adapter methods are forwarded mechanically (see database-delegates.ts).
// Merged with the class below on purpose: the installers above put these members on its prototype.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface AgentRuntime extends DelegatedDatabaseMethods, CompatMembers {}

/**
 * The agent: a composition root. The constructor builds the registries and
 * the collaborator bags the turn functions take (composeState,
 * processActions, useModel, evaluate, the plugin host) once; every method
 * below is a one-step delegation to the module that holds the behaviour.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class AgentRuntime implements IAgentRuntime {
  readonly agentId: UUID;
  character: Character;
  readonly logger: Logger;
  readonly fetch: typeof fetch;
  readonly plugins: Plugin[] = [];
  readonly actions: Action[];
  readonly providers: Provider[];
  readonly evaluators: Evaluator[];
  readonly routes: RegisteredRoute[] = [];
  /** The installed pipeline itself, which the agent's MessageLedger runs turns with. */
  messagePipeline: IMessageService | null = null;

  private adapterRef: IDatabaseAdapter | undefined;
  private readonly pending: Plugin[];
  private readonly settings: RuntimeSettings;
  private readonly eventBus: EventBus;
  private readonly models = new ModelRegistry();
  private readonly serviceRegistry: ServiceRegistry;
  private readonly records = new PluginRecords();
  private readonly components: ComponentRegistry;
  private readonly runs = new RunTracker();
  // FIFO: results are read once, right after their turn; a read need not keep them.
  private readonly actionResults = new BoundedMap<string, ActionResult[]>(1_000);
  private readonly taskWorkers: TaskWorkers;
  private readonly taskChanges: TaskChangeListeners;
  private readonly sendHandlers = new SendHandlers();
  private readonly templates = new TemplateRegistry(() => this.character.templates);
  private readonly connectionCache = new connections.ConnectionCache();
  private readonly boot = new BootTimer();
  private readonly deferredServices: { service: ServiceClass; owner: string }[] = [];
  private promptBatcher: PromptBatcher | undefined;
  private initialized = false;
  private initializing: Promise<void> | null = null;

  // Collaborator bags, built once (the turn functions run several times per message).
  private readonly pluginHost: PluginHost;
  private readonly stateDeps: ComposeStateDeps;
  private readonly actionDeps: ProcessActionsDeps;
  private readonly evaluateDeps: EvaluateDeps;
  private readonly modelDeps: UseModelDeps;
  /** Prices (MODEL_PRICES) and the daily budget (MAX_DAILY_COST_USD). */
  private readonly costs: ModelCosts;
  /** PROVIDER_COMPLETED and DATABASE_OPERATION, emitted only while someone listens. */
  private readonly operationEvents: OperationEvents;

  /** The installed pipeline behind the agent's MessageLedger: whatever hands a message in goes through the ledger. */
  get messageService(): IMessageService | null {
    return ledgerFront(this.messagePipeline);
  }

  set messageService(service: IMessageService | null) {
    this.messagePipeline = pipelineBehind(service);
  }

  constructor(options: AgentRuntimeOptions) {
    this.character = options.character;
    this.agentId = options.agentId ?? options.character.id ?? stringToUuid(options.character.name);
    const logger = (this.logger = options.logger ?? createLogger({ namespace: options.character.name }));
    this.fetch = options.fetch ?? globalThis.fetch;
    this.adapterRef = options.adapter;
    this.pending = [...(options.plugins ?? [])];
    const settings = (this.settings = new RuntimeSettings(() => this.character, options.settings));
    this.eventBus = new EventBus(logger);
    // A service start gets the plugin init limit: a hung start must not keep the agent from starting.
    this.serviceRegistry = new ServiceRegistry(logger, () => settings.number('PLUGIN_INIT_TIMEOUT_MS', 30_000));
    const breaker = new CircuitBreaker(logger, () => ({
      threshold: settings.number('CIRCUIT_BREAKER_THRESHOLD', 5),
      resetMs: settings.number('CIRCUIT_BREAKER_RESET_MS', 60_000),
    }));
    this.components = new ComponentRegistry(logger, this.records);
    ({ actions: this.actions, providers: this.providers, evaluators: this.evaluators } = this.components);
    this.taskWorkers = new TaskWorkers(logger);
    this.taskChanges = new TaskChangeListeners(logger);
    const stateCache = new StateCache();
    this.runs.onEnded((runId) => stateCache.dropRun(runId));

    const currentRunId = (): UUID | undefined => this.runs.current()?.runId;
    const ownerOf = (component: object): string | undefined => this.records.ownerOf(component);
    const operationEvents = (this.operationEvents = new OperationEvents(this, this.eventBus, ownerOf));
    const { records, components, models, eventBus, routes, templates } = this;
    this.stateDeps = {
      runtime: this,
      providers: () => this.providers,
      logger,
      breaker,
      cache: stateCache,
      currentRunId,
      ownerOf,
      onProviderCompleted: () => operationEvents.providerCompleted(),
      timeoutMs: () => settings.number('PROVIDER_TIMEOUT_MS', 30_000),
      baseValues: () => ({ agentName: this.character.name }),
    };
    this.actionDeps = {
      runtime: this,
      actions: () => this.actions,
      logger,
      results: this.actionResults,
      currentRunId,
      ownerOf,
    };
    this.evaluateDeps = { runtime: this, evaluators: () => this.evaluators, logger, currentRunId, ownerOf };
    const emitModelUsed: UseModelDeps['emitModelUsed'] = (payload) => void this.emitEvent('MODEL_USED', payload);
    const costs = (this.costs = ModelCosts.forRuntime(this, models, () => this.adapterRef));
    this.modelDeps = {
      runtime: this,
      registry: models,
      logger,
      breaker,
      setting: (key) => this.getSetting(key),
      emitModelUsed,
      currentRunId,
      currentRoomId: () => this.runs.current()?.roomId,
      prices: () => costs.prices(),
      budget: () => costs.budget(),
    };
    this.pluginHost = createPluginHost({
      runtime: this,
      installed: this.plugins,
      settings,
      records,
      components,
      models,
      eventBus,
      routes,
      templates,
      setAdapter: (adapter) => this.registerDatabaseAdapter(adapter),
      addService: (service, owner) => this.startService(service, owner),
    });
    registerAgent(this);
  }

  // ---- lifecycle -------------------------------------------------------

  get adapter(): IDatabaseAdapter {
    if (!this.adapterRef) throw new DatabaseAdapterMissingError();
    return this.adapterRef;
  }
  set adapter(adapter: IDatabaseAdapter) {
    this.adapterRef = adapter;
  }
  get db(): unknown {
    return this.adapterRef?.db;
  }
  get services(): Map<string, IService[]> {
    return this.serviceRegistry.services;
  }
  get events(): Map<string, EventHandler<string>[]> {
    return this.eventBus.handlers;
  }
  /** Each plugin's boot phases with their durations. */
  get bootReport(): readonly BootReportEntry[] {
    return this.boot.entries;
  }
  get isInitialized(): boolean {
    return this.initialized;
  }

  initialize(): Promise<void> {
    this.initializing ??= this.bootSequence();
    return this.initializing;
  }

  /** Plugins in dependency order, the adapter and migrations, the agent's rows, then services. */
  private async bootSequence(): Promise<void> {
    // Plugins registered before initialize() count as present for dependencies.
    for (const plugin of resolvePluginOrder(this.pending, { installed: this.plugins.map((p) => p.name) })) {
      await this.boot.timed(plugin.name, 'init', () => this.install(plugin));
    }
    this.pending.length = 0;
    const adapter = this.adapter;
    await this.boot.timed('database', 'adapter-init', () => adapter.init());
    for (const plugin of this.plugins) {
      if (plugin.schema && adapter.runMigrations)
        await this.boot.timed(plugin.name, 'migrations', () => adapter.runMigrations!(plugin.schema, plugin.name));
    }
    await ensureAgentExists(this);
    await ensureAgentSelfRoom(this);
    await this.costs.start();
    await probeEmbeddingDimension(this);
    this.initialized = true;
    for (const { service, owner } of this.deferredServices.splice(0)) {
      await this.boot.timed(owner, 'services', () => this.serviceRegistry.start(this, service, owner));
    }
    this.logger.debug({ boot: this.boot.entries }, 'Boot report');
  }

  async stop(): Promise<void> {
    unregisterAgent(this);
    await this.messageService?.whenIdle?.();
    await this.promptBatcher?.dispose();
    this.promptBatcher = undefined;
    await this.serviceRegistry.stopAll();
    if (this.adapterRef) await this.adapterRef.close();
  }

  // ---- plugins and what they registered --------------------------------

  async registerPlugin(plugin: Plugin): Promise<void> {
    await this.install(plugin);
  }

  private install(plugin: Plugin): Promise<boolean> {
    return this.records.installingWith(typeof plugin?.name === 'string' ? plugin.name : undefined, () =>
      installPlugin(this.pluginHost, plugin),
    );
  }
  /** The plugin whose init is running: what it registers directly on the runtime is recorded as its own. */
  private get installing(): string | undefined {
    return this.records.installing;
  }

  registerDatabaseAdapter(adapter: IDatabaseAdapter): void {
    if (this.adapterRef && this.adapterRef !== adapter)
      this.logger.warn('A database adapter was already registered; replacing it');
    this.adapterRef = adapter;
  }

  registerAction(action: Action): void {
    this.components.addAction(action, this.installing);
  }
  registerProvider(provider: Provider): void {
    this.components.addProvider(provider, this.installing);
  }
  registerEvaluator(evaluator: Evaluator): void {
    this.components.addEvaluator(evaluator, this.installing);
  }

  /** Kith: the plugin that registered this action, provider, evaluator, model handler or event handler. */
  getPluginOwner(component: object): string | undefined {
    return this.records.ownerOf(component);
  }

  /** Kith: what each plugin registered (names per kind), in install order. */
  getPluginRegistrations(): PluginRegistration[] {
    return this.records.list();
  }

  // ---- services --------------------------------------------------------

  getService<T extends IService = IService>(serviceType: string): T | null {
    return this.serviceRegistry.get<T>(serviceType);
  }
  getServicesByType<T extends IService = IService>(serviceType: string): T[] {
    return this.serviceRegistry.getAll<T>(serviceType);
  }
  getAllServices(): Map<string, IService[]> {
    return this.serviceRegistry.services;
  }
  hasService(serviceType: string): boolean {
    return this.serviceRegistry.has(serviceType);
  }
  async registerService(serviceClass: ServiceClass): Promise<void> {
    // Recorded as the plugin's when its init registers it; the application's own is not a plugin's.
    await (this.installing
      ? this.pluginHost.addService(serviceClass, this.installing)
      : this.startService(serviceClass, 'runtime'));
  }
  /** Started now once the agent is initialised; before that, after the plugins and the database. */
  private async startService(service: ServiceClass, owner: string): Promise<void> {
    if (this.initialized) await this.serviceRegistry.start(this, service, owner);
    else this.deferredServices.push({ service, owner });
  }

  // ---- models ----------------------------------------------------------

  registerModel(
    modelType: ModelTypeName | string,
    handler: ModelHandlerFn<never, unknown>,
    provider: string,
    priority = 0,
  ): void {
    this.models.register(modelType, handler, provider, priority);
    this.records.add(this.installing, 'models', modelType, handler);
  }
  getModel(modelType: ModelTypeName | string, provider?: string): ModelHandlerFn<never, unknown> | undefined {
    return this.models.get(modelType, provider)?.handler;
  }
  getModelHandlers(modelType: ModelTypeName | string): ModelHandler[] {
    return this.models.handlers(modelType);
  }
  async useModel<T extends ModelTypeName>(
    modelType: T,
    params: ModelParamsMap[T],
    provider?: string,
  ): Promise<ModelResultMap[T]> {
    return (await useModel(this.modelDeps, modelType, params, provider)) as ModelResultMap[T];
  }
  /** Kith: MAX_DAILY_COST_USD's state today (UTC); null when no budget is set. */
  getCostBudget(): CostBudgetStatus | null {
    return this.costs.status();
  }
  /**
   * A model call that must not hold up a reply (reflection, evaluators):
   * queued per model type with at most MAX_CONCURRENT_BACKGROUND_PROMPTS
   * (default 2) in flight, while replies call useModel directly.
   */
  useModelInBackground<T extends ModelTypeName>(modelType: T, params: ModelParamsMap[T]): Promise<ModelResultMap[T]> {
    this.promptBatcher ??= new PromptBatcher(this, {
      maxConcurrent: this.settings.number('MAX_CONCURRENT_BACKGROUND_PROMPTS', 2),
    });
    return this.promptBatcher.submit(modelType, params);
  }

  // ---- events ----------------------------------------------------------

  registerEvent<E extends string>(event: E, handler: EventHandler<E>): void {
    this.eventBus.on(event, handler, this.installing);
    this.records.add(this.installing, 'events', event, handler);
  }
  on<E extends string>(event: E, handler: EventHandler<E>): void {
    this.registerEvent(event, handler);
  }
  getEvent(event: string): EventHandler<string>[] | undefined {
    return this.eventBus.get(event);
  }
  emitEvent<E extends string>(
    event: E | E[],
    payload: Omit<PayloadOf<E>, 'runtime'> & { runtime?: IAgentRuntime },
  ): Promise<void> {
    return this.eventBus.publish(this, event, payload);
  }

  // ---- settings --------------------------------------------------------

  getSetting(key: string): string | boolean | number | null {
    return this.settings.get(key);
  }
  setSetting(key: string, value: string | boolean | number | null, secret = false): void {
    this.settings.set(key, value, secret);
  }
  getConversationLength(): number {
    return this.settings.number('CONVERSATION_LENGTH', 20);
  }
  /** A prompt template by name: the character's, else the runtime's, else a plugin's, else the default. */
  getTemplate(name: string): TemplateType | undefined {
    return this.templates.get(name);
  }
  setTemplate(name: string, template: TemplateType): void {
    this.templates.setRuntimeTemplate(name, template);
  }

  // ---- turn ------------------------------------------------------------

  composeState(
    message: Memory,
    includeList: string[] | null = null,
    onlyInclude = false,
    skipCache = false,
  ): Promise<State> {
    return composeState(this.stateDeps, message, includeList, onlyInclude, skipCache);
  }
  processActions(
    message: Memory,
    responses: Memory[],
    state?: State,
    callback?: HandlerCallback,
    options?: ProcessActionsOptions,
  ): Promise<void> {
    return processActions(this.actionDeps, message, responses, state, callback, options);
  }
  getActionResults(messageId: UUID): ActionResult[] {
    return this.actionResults.get(messageId) ?? [];
  }
  async evaluate(
    message: Memory,
    state?: State,
    didRespond = false,
    callback?: HandlerCallback,
    responses?: Memory[],
  ): Promise<Evaluator[] | null> {
    return evaluate(this.evaluateDeps, message, state, didRespond, callback, responses);
  }

  // ---- memory and knowledge --------------------------------------------

  /** Learns a document (text or file path): chunked, embedded with bounded parallelism, stored. */
  addKnowledge(input: KnowledgeInput, options?: AddKnowledgeOptions): Promise<AddKnowledgeResult> {
    return addKnowledge(this, input, options);
  }
  /** The knowledge fragments most relevant to a message. */
  getKnowledge(message: Memory, options: { count?: number } = {}): Promise<Memory[]> {
    return searchKnowledge(this, message.content.text ?? '', options.count ?? 5, message.embedding);
  }
  addEmbeddingToMemory(memory: Memory): Promise<Memory> {
    return addEmbeddingToMemory(this, memory);
  }
  async queueEmbeddingGeneration(memory: Memory, priority: 'high' | 'normal' | 'low' = 'normal'): Promise<void> {
    if (memory.content.text)
      await this.emitEvent('EMBEDDING_GENERATION_REQUESTED', { memory, priority, source: 'runtime' });
  }

  // ---- runs ------------------------------------------------------------

  createRunId(): UUID {
    return this.runs.createRunId();
  }
  startRun(roomId?: UUID): UUID {
    return this.runs.start(roomId);
  }
  /** Runs `fn` inside its own run; the run id follows the async context. */
  withRun<T>(roomId: UUID | undefined, fn: (runId: UUID) => Promise<T>): Promise<T> {
    return withRunSpan(this.runs, this, roomId, fn);
  }
  endRun(): void {
    this.runs.end();
  }
  getCurrentRunId(): UUID | undefined {
    return this.runs.current()?.runId;
  }

  // ---- tasks (writes tell listeners, so a scheduler wakes instead of polling) ----

  registerTaskWorker(worker: TaskWorker): void {
    this.taskWorkers.register(worker);
  }
  getTaskWorker(name: string): TaskWorker | undefined {
    return this.taskWorkers.get(name);
  }
  async createTask(...args: Parameters<IDatabaseAdapter['createTask']>): Promise<UUID> {
    return this.taskChanges.after(this.adapter.createTask(...args));
  }
  async updateTask(...args: Parameters<IDatabaseAdapter['updateTask']>): Promise<void> {
    return this.taskChanges.after(this.adapter.updateTask(...args));
  }
  async deleteTask(...args: Parameters<IDatabaseAdapter['deleteTask']>): Promise<void> {
    return this.taskChanges.after(this.adapter.deleteTask(...args));
  }
  onTasksChanged(listener: () => void): () => void {
    return this.taskChanges.add(listener);
  }

  // ---- connections and elizaOS conveniences over the adapter ------------

  ensureConnection(params: EnsureConnectionParams): Promise<void> {
    return connections.ensureConnection(this, this.connectionCache, params);
  }
  ensureConnections(entities: Entity[], rooms: Room[], source: string, world: World): Promise<void> {
    return connections.ensureConnections(this, this.connectionCache, entities, rooms, source, world);
  }
  ensureParticipantInRoom(entityId: UUID, roomId: UUID): Promise<void> {
    return connections.ensureParticipantInRoom(this, entityId, roomId);
  }
  ensureWorldExists(world: World): Promise<void> {
    return connections.ensureWorldExists(this, world);
  }
  ensureRoomExists(room: Room): Promise<void> {
    return connections.ensureRoomExists(this, room);
  }
  async getEntityById(entityId: UUID): Promise<Entity | null> {
    return (await this.adapter.getEntitiesByIds([entityId]))?.[0] ?? null;
  }
  async getRoom(roomId: UUID): Promise<Room | null> {
    return (await this.adapter.getRoomsByIds([roomId]))?.[0] ?? null;
  }
  /** elizaOS 1.x name for the rooms of a world. */
  getRooms(worldId: UUID): Promise<Room[]> {
    return this.adapter.getRoomsByWorld(worldId);
  }
  createEntity(entity: Entity): Promise<boolean> {
    return this.adapter.createEntities([{ ...entity, agentId: entity.agentId ?? this.agentId }]);
  }

  // ---- delivery to other rooms (SEND_MESSAGE) ---------------------------

  registerSendHandler(source: string, handler: SendHandlerFunction): void {
    this.sendHandlers.register(source, handler);
  }
  sendMessageToTarget(target: TargetInfo, content: Content): Promise<void> {
    return this.sendHandlers.send(this, target, content);
  }
}

installDatabaseDelegates(
  AgentRuntime.prototype,
  (self) => (self as unknown as { adapterRef?: IDatabaseAdapter }).adapterRef,
  (self) => (self as unknown as { operationEvents: OperationEvents }).operationEvents.databaseObserver(),
);
installCompatMembers(AgentRuntime.prototype);
