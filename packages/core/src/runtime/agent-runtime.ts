import { PromptBatcher } from '../batch-queue/prompt-batcher';
import { TemplateRegistry } from './templates/template-registry';
import type { AddKnowledgeOptions, AddKnowledgeResult, KnowledgeInput } from '../types/knowledge';
import { addKnowledge, searchKnowledge } from './knowledge/add-knowledge';
import { DatabaseAdapterMissingError } from '../errors/errors';
import { createLogger, type Logger } from '../logger/logger';
import type { Service } from '../services/service';
import type { Character, TemplateType } from '../types/character';
import type { Action, ActionResult, Evaluator, HandlerCallback, Provider } from '../types/components';
import type { IDatabaseAdapter } from '../types/database';
import type { Entity, Room, World } from '../types/environment';
import type { EventHandler, PayloadOf } from '../types/events';
import type { Memory } from '../types/memory';
import type { IMessageService, SendHandlerFunction, TargetInfo } from '../types/messaging';
import type { ModelHandler, ModelHandlerFn, ModelParamsMap, ModelResultMap, ModelTypeName } from '../types/model';
import type { Plugin, Route, ServiceClass } from '../types/plugin';
import type { Content, UUID } from '../types/primitives';
import type { BootReportEntry, EnsureConnectionParams, IAgentRuntime, ProcessActionsOptions } from '../types/runtime';
import type { State } from '../types/state';
import type { TaskWorker } from '../types/task';
import { stringToUuid } from '../uuid/uuid';
import { processActions } from './actions/process-actions';
import * as connections from './connections/ensure-connection';
import { installDatabaseDelegates, type DatabaseCallObserver, type DelegatedDatabaseMethods } from './database/database-delegates';
import { evaluate } from './evaluation/evaluate';
import { EventBus } from './events/event-bus';
import { ModelRegistry } from './models/model-registry';
import { useModel } from './models/use-model';
import { installPlugin, type PluginHost } from './plugins/install-plugin';
import { resolvePluginOrder } from './plugins/resolve-plugin-order';
import { CircuitBreaker } from './resilience/circuit-breaker';
import { RunTracker } from './runs/run-context';
import { ServiceRegistry } from './services/service-registry';
import { RuntimeSettings, type SettingValue } from './settings/runtime-settings';
import { composeState, type ProviderOutcome } from './state/compose-state';
import { StateCache } from './state/state-cache';

/** emitEvent's answer for an event nobody listens to. */
const NO_HANDLERS: Promise<void> = Promise.resolve();

export interface AgentRuntimeOptions {
  character: Character;
  agentId?: UUID;
  plugins?: Plugin[];
  adapter?: IDatabaseAdapter;
  settings?: Record<string, SettingValue | undefined>;
  logger?: Logger;
  fetch?: typeof fetch;
}

/** A plugin route with the plugin that registered it. */
export type RegisteredRoute = Route & { pluginName: string };

// The adapter methods are forwarded mechanically (see database-delegates.ts).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AgentRuntime extends DelegatedDatabaseMethods {}

/**
 * The agent: a thin composition root over registries (plugins, actions,
 * providers, evaluators, models, events, services, settings, runs). The
 * behaviour lives in the modules it wires together.
 */
export class AgentRuntime implements IAgentRuntime {
  readonly agentId: UUID;
  character: Character;
  readonly logger: Logger;
  readonly fetch: typeof fetch;
  readonly plugins: Plugin[] = [];
  readonly actions: Action[] = [];
  readonly providers: Provider[] = [];
  readonly evaluators: Evaluator[] = [];
  readonly routes: RegisteredRoute[] = [];
  messageService: IMessageService | null = null;

  private adapterRef: IDatabaseAdapter | undefined;
  private readonly pending: Plugin[];
  private readonly eventBus: EventBus;
  private readonly models = new ModelRegistry();
  private readonly serviceRegistry: ServiceRegistry;
  private readonly settings: RuntimeSettings;
  private readonly breaker: CircuitBreaker;
  private readonly runs = new RunTracker();
  private readonly stateCache = new StateCache();
  private readonly actionResults = new Map<string, ActionResult[]>();
  private readonly taskWorkers = new Map<string, TaskWorker>();
  private readonly sendHandlers = new Map<string, SendHandlerFunction>();
  private readonly taskListeners = new Set<() => void>();
  private readonly templates = new TemplateRegistry(() => this.character.templates);
  private promptBatcher: PromptBatcher | undefined;
  private readonly connectionCache = new connections.ConnectionCache();
  private readonly deferredServices: { service: ServiceClass; owner: string }[] = [];
  private readonly boot: BootReportEntry[] = [];
  private initialized = false;
  private initializing: Promise<void> | null = null;

  constructor(options: AgentRuntimeOptions) {
    this.character = options.character;
    this.agentId = options.agentId ?? options.character.id ?? stringToUuid(options.character.name);
    this.logger = options.logger ?? createLogger({ namespace: options.character.name });
    this.fetch = options.fetch ?? globalThis.fetch;
    this.adapterRef = options.adapter;
    this.pending = [...(options.plugins ?? [])];
    this.settings = new RuntimeSettings(() => this.character, options.settings);
    this.eventBus = new EventBus(this.logger);
    // A service start gets the plugin init limit: a hung start must not keep the agent from starting.
    this.serviceRegistry = new ServiceRegistry(this.logger, () => this.settings.number('PLUGIN_INIT_TIMEOUT_MS', 30_000));
    this.breaker = new CircuitBreaker(this.logger, () => ({
      threshold: this.settings.number('CIRCUIT_BREAKER_THRESHOLD', 5),
      resetMs: this.settings.number('CIRCUIT_BREAKER_RESET_MS', 60_000),
    }));
    this.runs.onEnded((runId) => this.stateCache.dropRun(runId));
    this.pluginHost = this.createPluginHost();
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

  get services(): Map<string, Service[]> {
    return this.serviceRegistry.services;
  }

  get events(): Map<string, EventHandler<string>[]> {
    return this.eventBus.handlers;
  }

  /** Each plugin's boot phases with their durations. */
  get bootReport(): readonly BootReportEntry[] {
    return this.boot;
  }

  get isInitialized(): boolean {
    return this.initialized;
  }

  initialize(): Promise<void> {
    this.initializing ??= this.doInitialize();
    return this.initializing;
  }

  private async doInitialize(): Promise<void> {
    // Plugins registered before initialize() count as present for dependencies.
    for (const plugin of resolvePluginOrder(this.pending, { installed: this.plugins.map((p) => p.name) })) {
      await this.timed(plugin.name, 'init', () => installPlugin(this.pluginHost, plugin));
    }
    this.pending.length = 0;
    const adapter = this.adapter;
    await this.timed('database', 'adapter-init', () => adapter.init());
    for (const plugin of this.plugins) {
      if (plugin.schema && adapter.runMigrations) {
        await this.timed(plugin.name, 'migrations', () => adapter.runMigrations!(plugin.schema, plugin.name));
      }
    }
    await this.ensureAgentExists();
    await this.probeEmbeddingDimension();
    this.initialized = true;
    for (const { service, owner } of this.deferredServices.splice(0)) {
      await this.timed(owner, 'services', () => this.serviceRegistry.start(this, service, owner));
    }
    this.logger.debug({ boot: this.boot }, 'Boot report');
  }

  private async timed<T>(plugin: string, phase: BootReportEntry['phase'], fn: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await fn();
    } finally {
      this.boot.push({ plugin, phase, ms: Math.round((performance.now() - started) * 100) / 100 });
    }
  }

  private async ensureAgentExists(): Promise<void> {
    const existing = await this.adapter.getAgent(this.agentId);
    const now = Date.now();
    if (!existing) {
      await this.adapter.createAgent({ ...this.character, id: this.agentId, enabled: true, createdAt: now, updatedAt: now });
    }
    const [entity] = (await this.adapter.getEntitiesByIds([this.agentId])) ?? [];
    if (!entity) {
      const names = [this.character.name, this.character.username].filter((n): n is string => Boolean(n));
      await this.adapter.createEntities([{ id: this.agentId, names, agentId: this.agentId, metadata: {} }]);
    }
  }

  private async probeEmbeddingDimension(): Promise<void> {
    if (!this.models.has('TEXT_EMBEDDING')) return;
    try {
      const probe = await this.useModel('TEXT_EMBEDDING', null);
      const dimension = Array.isArray(probe) ? probe.length : 0;
      if (dimension > 0) await this.adapter.ensureEmbeddingDimension(dimension);
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not determine the embedding dimension; vector search is off until it is known');
    }
  }

  async stop(): Promise<void> {
    await this.messageService?.whenIdle?.();
    await this.promptBatcher?.dispose();
    this.promptBatcher = undefined;
    await this.serviceRegistry.stopAll();
    if (this.adapterRef) await this.adapterRef.close();
  }

  // ---- plugins ---------------------------------------------------------

  async registerPlugin(plugin: Plugin): Promise<void> {
    await installPlugin(this.pluginHost, plugin);
  }

  registerDatabaseAdapter(adapter: IDatabaseAdapter): void {
    if (this.adapterRef && this.adapterRef !== adapter) this.logger.warn('A database adapter was already registered; replacing it');
    this.adapterRef = adapter;
  }

  private readonly pluginHost: PluginHost;

  private createPluginHost(): PluginHost {
    return {
    runtime: this,
    logger: this.logger,
    installed: this.plugins,
    initTimeoutMs: () => this.settings.number('PLUGIN_INIT_TIMEOUT_MS', 30_000),
    resolveConfigValue: (key, fallback) => {
      const value = this.getSetting(key) ?? process.env[key] ?? fallback;
      return value === null || value === undefined ? undefined : String(value);
    },
    setAdapter: (adapter) => this.registerDatabaseAdapter(adapter),
    addAction: (action) => this.registerAction(action),
    addProvider: (provider) => this.registerProvider(provider),
    addEvaluator: (evaluator) => this.registerEvaluator(evaluator),
    addModel: (type, handler, owner, priority) => this.models.register(type, handler, owner, priority),
    addEventHandler: (event, handler, owner) => this.eventBus.on(event, handler, owner),
    addRoute: (route, owner) => this.routes.push({ ...route, pluginName: owner }),
    addTemplate: (name, template, owner) => {
      const added = this.templates.setPluginTemplate(name, template, owner);
      if (!added.ok) this.logger.warn({ plugin: owner, template: name }, `Plugin "${owner}" sets template ${name}, already set by plugin "${added.owner}"; keeping the first`);
    },
    addService: async (service, owner) => {
      if (this.initialized) await this.serviceRegistry.start(this, service, owner);
      else this.deferredServices.push({ service, owner });
    },
    };
  }

  registerAction(action: Action): void {
    if (this.actions.some((a) => a.name === action.name)) {
      this.logger.warn({ action: action.name }, `Action ${action.name} is already registered; keeping the first`);
      return;
    }
    this.actions.push(action);
    // Higher priority first in prompts; stable otherwise.
    this.actions.sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  }

  registerProvider(provider: Provider): void {
    if (this.providers.some((p) => p.name === provider.name)) {
      this.logger.warn({ provider: provider.name }, `Provider ${provider.name} is already registered; keeping the first`);
      return;
    }
    this.providers.push(provider);
  }

  registerEvaluator(evaluator: Evaluator): void {
    this.evaluators.push(evaluator);
  }

  // ---- services --------------------------------------------------------

  getService<T extends Service = Service>(serviceType: string): T | null {
    return this.serviceRegistry.get<T>(serviceType);
  }

  getServicesByType<T extends Service = Service>(serviceType: string): T[] {
    return this.serviceRegistry.getAll<T>(serviceType);
  }

  getAllServices(): Map<string, Service[]> {
    return this.serviceRegistry.services;
  }

  hasService(serviceType: string): boolean {
    return this.serviceRegistry.has(serviceType);
  }

  async registerService(serviceClass: ServiceClass): Promise<void> {
    await this.pluginHost.addService(serviceClass, 'runtime');
  }

  // ---- models ----------------------------------------------------------

  registerModel(modelType: ModelTypeName | string, handler: ModelHandlerFn<never, unknown>, provider: string, priority = 0): void {
    this.models.register(modelType, handler, provider, priority);
  }

  getModel(modelType: ModelTypeName | string, provider?: string): ModelHandlerFn<never, unknown> | undefined {
    return this.models.get(modelType, provider)?.handler;
  }

  getModelHandlers(modelType: ModelTypeName | string): ModelHandler[] {
    return this.models.handlers(modelType);
  }

  async useModel<T extends ModelTypeName>(modelType: T, params: ModelParamsMap[T], provider?: string): Promise<ModelResultMap[T]> {
    const result = await useModel(
      {
        runtime: this,
        registry: this.models,
        logger: this.logger,
        breaker: this.breaker,
        setting: (key) => this.getSetting(key),
        emitModelUsed: (payload) => void this.emitEvent('MODEL_USED', payload),
        currentRunId: () => this.getCurrentRunId(),
      },
      modelType,
      params,
      provider,
    );
    return result as ModelResultMap[T];
  }

  // ---- events ----------------------------------------------------------

  registerEvent<E extends string>(event: E, handler: EventHandler<E>): void {
    this.eventBus.on(event, handler as EventHandler<string>);
  }

  on<E extends string>(event: E, handler: EventHandler<E>): void {
    this.registerEvent(event, handler);
  }

  getEvent(event: string): EventHandler<string>[] | undefined {
    return this.eventBus.get(event);
  }

  emitEvent<E extends string>(event: E | E[], payload: Omit<PayloadOf<E>, 'runtime'> & { runtime?: IAgentRuntime }): Promise<void> {
    // Several events a turn usually have no handler: skip building their payload.
    if (!Array.isArray(event) && !this.eventBus.get(event)?.length) return NO_HANDLERS;
    const full = { ...payload, runtime: this } as unknown as PayloadOf<string>;
    if (Array.isArray(event)) return Promise.all(event.map((name) => this.eventBus.emit(name, full))).then(() => undefined);
    return this.eventBus.emit(event, full);
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

  // ---- turn ------------------------------------------------------------

  composeState(message: Memory, includeList: string[] | null = null, onlyInclude = false, skipCache = false): Promise<State> {
    return composeState(
      {
        runtime: this,
        providers: () => this.providers,
        logger: this.logger,
        breaker: this.breaker,
        cache: this.stateCache,
        timeoutMs: () => this.settings.number('PROVIDER_TIMEOUT_MS', 30_000),
        baseValues: () => ({ agentName: this.character.name }),
        currentRunId: () => this.getCurrentRunId(),
        onProviderCompleted: () => (this.eventBus.get('PROVIDER_COMPLETED')?.length ? (outcome) => this.emitProviderCompleted(outcome) : undefined),
      },
      message,
      includeList,
      onlyInclude,
      skipCache,
    );
  }

  private emitProviderCompleted(outcome: ProviderOutcome): void {
    void this.emitEvent('PROVIDER_COMPLETED', {
      providerName: outcome.provider.name,
      runId: this.getCurrentRunId(),
      roomId: outcome.message.roomId,
      messageId: outcome.message.id,
      durationMs: outcome.durationMs,
      success: outcome.success,
      timedOut: outcome.timedOut,
      source: 'runtime',
    });
  }

  /** A timing observer for database calls while DATABASE_OPERATION has listeners. */
  private databaseObserver(): DatabaseCallObserver | undefined {
    if (!this.eventBus.get('DATABASE_OPERATION')?.length) return undefined;
    return (operation, durationMs, success) => void this.emitEvent('DATABASE_OPERATION', { operation, durationMs, success, source: 'runtime' });
  }

  processActions(message: Memory, responses: Memory[], state?: State, callback?: HandlerCallback, options?: ProcessActionsOptions): Promise<void> {
    return processActions(
      {
        runtime: this,
        actions: () => this.actions,
        logger: this.logger,
        results: {
          set: (id, results) => {
            this.actionResults.set(id, results);
            if (this.actionResults.size > 1_000) this.actionResults.delete(this.actionResults.keys().next().value as string);
          },
        },
        currentRunId: () => this.getCurrentRunId(),
      },
      message,
      responses,
      state,
      callback,
      options,
    );
  }

  getActionResults(messageId: UUID): ActionResult[] {
    return this.actionResults.get(messageId) ?? [];
  }

  async evaluate(message: Memory, state?: State, didRespond = false, callback?: HandlerCallback, responses?: Memory[]): Promise<Evaluator[] | null> {
    return evaluate(
      { runtime: this, evaluators: () => this.evaluators, logger: this.logger, currentRunId: () => this.getCurrentRunId() },
      message,
      state,
      didRespond,
      callback,
      responses,
    );
  }

  // ---- memory helpers --------------------------------------------------

  /**
   * A model call that must not hold up a reply (reflection, evaluators):
   * queued per model type with at most MAX_CONCURRENT_BACKGROUND_PROMPTS
   * (default 2) in flight, while replies call useModel directly.
   */
  useModelInBackground<T extends ModelTypeName>(modelType: T, params: ModelParamsMap[T]): Promise<ModelResultMap[T]> {
    this.promptBatcher ??= new PromptBatcher(this, { maxConcurrent: this.settings.number('MAX_CONCURRENT_BACKGROUND_PROMPTS', 2) });
    return this.promptBatcher.submit(modelType, params);
  }

  // ---- knowledge -------------------------------------------------------

  /** Learns a document (text or file path): chunked, embedded with bounded parallelism, stored. */
  addKnowledge(input: KnowledgeInput, options?: AddKnowledgeOptions): Promise<AddKnowledgeResult> {
    return addKnowledge(this, input, options);
  }

  /** The knowledge fragments most relevant to a message. */
  getKnowledge(message: Memory, options: { count?: number } = {}): Promise<Memory[]> {
    return searchKnowledge(this, message.content.text ?? '', options.count ?? 5, message.embedding);
  }

  async addEmbeddingToMemory(memory: Memory): Promise<Memory> {
    if (memory.embedding || !memory.content.text || !this.models.has('TEXT_EMBEDDING')) return memory;
    const vector = await this.useModel('TEXT_EMBEDDING', { text: memory.content.text });
    if (Array.isArray(vector) && typeof vector[0] === 'number') memory.embedding = vector as number[];
    return memory;
  }

  async queueEmbeddingGeneration(memory: Memory, priority: 'high' | 'normal' | 'low' = 'normal'): Promise<void> {
    if (!memory.content.text) return;
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
    return this.runs.within(roomId, fn);
  }

  endRun(): void {
    this.runs.end();
  }

  getCurrentRunId(): UUID | undefined {
    return this.runs.current()?.runId;
  }

  // ---- tasks -----------------------------------------------------------

  registerTaskWorker(worker: TaskWorker): void {
    if (this.taskWorkers.has(worker.name)) this.logger.warn({ worker: worker.name }, `Task worker ${worker.name} replaced`);
    this.taskWorkers.set(worker.name, worker);
  }

  getTaskWorker(name: string): TaskWorker | undefined {
    return this.taskWorkers.get(name);
  }

  // Task writes notify listeners so a scheduler can wake for the next due time instead of polling.
  async createTask(...args: Parameters<IDatabaseAdapter['createTask']>): Promise<UUID> {
    const id = await this.adapter.createTask(...args);
    this.notifyTasksChanged();
    return id;
  }

  async updateTask(...args: Parameters<IDatabaseAdapter['updateTask']>): Promise<void> {
    const result = await this.adapter.updateTask(...args);
    this.notifyTasksChanged();
    return result;
  }

  async deleteTask(...args: Parameters<IDatabaseAdapter['deleteTask']>): Promise<void> {
    const result = await this.adapter.deleteTask(...args);
    this.notifyTasksChanged();
    return result;
  }

  onTasksChanged(listener: () => void): () => void {
    this.taskListeners.add(listener);
    return () => this.taskListeners.delete(listener);
  }

  private notifyTasksChanged(): void {
    for (const listener of this.taskListeners) {
      try {
        listener();
      } catch (error) {
        this.logger.error({ err: error }, 'A task-change listener threw');
      }
    }
  }

  // ---- connections -----------------------------------------------------

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
    const [entity] = (await this.adapter.getEntitiesByIds([entityId])) ?? [];
    return entity ?? null;
  }

  async getRoom(roomId: UUID): Promise<Room | null> {
    const [room] = (await this.adapter.getRoomsByIds([roomId])) ?? [];
    return room ?? null;
  }

  /** A prompt template by name: the character's, else the runtime's, else a plugin's, else the default. */
  getTemplate(name: string): TemplateType | undefined {
    return this.templates.get(name);
  }

  setTemplate(name: string, template: TemplateType): void {
    this.templates.setRuntimeTemplate(name, template);
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
    this.sendHandlers.set(source, handler);
  }

  async sendMessageToTarget(target: TargetInfo, content: Content): Promise<void> {
    const handler = this.sendHandlers.get(target.source);
    if (!handler) {
      throw new Error(`No send handler is registered for source "${target.source}". A client plugin registers one with runtime.registerSendHandler("${target.source}", handler).`);
    }
    await handler(this, target, content);
  }
}

installDatabaseDelegates(
  AgentRuntime.prototype,
  (self) => (self as unknown as { adapterRef?: IDatabaseAdapter }).adapterRef,
  (self) => (self as unknown as { databaseObserver(): DatabaseCallObserver | undefined }).databaseObserver(),
);
