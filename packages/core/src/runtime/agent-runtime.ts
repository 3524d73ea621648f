import { PromptBatcher } from '../batch-queue/prompt-batcher';
import { registerAgent, unregisterAgent } from '../compat/agent-directory';
import { ElizaOSMembers } from '../compat/eliza-os-members';
import { ledgerFront, pipelineBehind } from '../ledger/ledger-message-service';
import { createLogger, type Logger } from '../logger/logger';
import type { Character, TemplateType } from '../types/character';
import type { Action, ActionResult, Evaluator, HandlerCallback, Provider } from '../types/components';
import type { IDatabaseAdapter } from '../types/database';
import type { CustomEventHandler, EmittedPayloadOf, EventHandler, EventPayload } from '../types/events';
import type { AddKnowledgeOptions, AddKnowledgeResult, KnowledgeInput } from '../types/knowledge';
import type { Memory } from '../types/memory';
import type { IMessageService, SendHandlerFunction, TargetInfo } from '../types/messaging';
import type { ModelHandler, ModelHandlerFn, ModelParamsMap, ModelResultMap, ModelTypeName } from '../types/model';
import type { ModelResult } from '../types/model';
import type { Plugin } from '../types/plugin';
import type { Content, UUID } from '../types/primitives';
import type { BootReportEntry, IAgentRuntime, ProcessActionsOptions } from '../types/runtime';
import type { IService, ServiceClass } from '../types/service';
import type { State } from '../types/state';
import type { TaskWorker } from '../types/task';
import type { CostBudgetStatus } from '../types/usage';
import { stringToUuid } from '../uuid/uuid';
import { processActions } from './actions/process-actions';
import type { AgentRuntimeOptions, RegisteredRoute } from './agent-runtime-options';
import { bootAgent } from './boot/boot-agent';
import { createRuntimeParts, type RuntimeParts } from './create-runtime-parts';
import type { DatabaseCallObserver } from './database/observe-database-call';
import { evaluate } from './evaluation/evaluate';
import { addKnowledge, searchKnowledge } from './knowledge/add-knowledge';
import { addEmbeddingToMemory } from './models/add-embedding-to-memory';
import { useModel } from './models/use-model';
import { installPlugin } from './plugins/install-plugin';
import type { PluginRegistration } from './plugins/plugin-records';
import { withRunSpan } from './runs/run-span';
import type { RuntimeSettings } from './setting-lookup/runtime-settings';
import { composeState } from './state/compose-state';
import { isDefaultMessageServiceAlias } from '../compat/elizaos-1.7/default-message-service';

/**
 * The agent: a composition root. The constructor builds the registries and
 * the collaborator bags the turn functions take (createRuntimeParts); every
 * method below is a one-step delegation to the module that holds the
 * behaviour. The adapter methods plugins call on the runtime are forwarded by
 * DatabaseDelegates, the elizaOS-only members come from ElizaOSMembers.
 */
export class AgentRuntime extends ElizaOSMembers implements IAgentRuntime {
  readonly agentId: UUID;
  character: Character;
  readonly logger: Logger;
  readonly fetch: typeof fetch;
  readonly plugins: Plugin[] = [];
  readonly actions: Action[];
  readonly providers: Provider[];
  readonly evaluators: Evaluator[];
  readonly routes: RegisteredRoute[] = [];
  readonly models: Map<string, ModelHandler[]>;
  /** The installed pipeline itself, which the agent's MessageLedger runs turns with. */
  messagePipeline: IMessageService | null = null;

  private readonly parts: RuntimeParts;
  private readonly settings: RuntimeSettings; // an own property as in elizaOS, whose plugins may read it
  private readonly pending: Plugin[];
  private promptBatcher: PromptBatcher | undefined;
  private initialized = false;
  private initializing: Promise<void> | null = null;

  constructor(options: AgentRuntimeOptions) {
    super();
    this.character = options.character;
    this.agentId = options.agentId ?? options.character.id ?? stringToUuid(options.character.name);
    this.logger = options.logger ?? createLogger({ namespace: options.character.name });
    this.fetch = options.fetch ?? globalThis.fetch;
    this.adapterRef = options.adapter;
    this.pending = [...(options.plugins ?? [])];
    this.parts = createRuntimeParts({
      runtime: this,
      logger: this.logger,
      initialSettings: options.settings,
      installed: this.plugins,
      routes: this.routes,
      adapter: () => this.adapterRef,
      startService: (service, owner) => this.startService(service, owner),
    });
    this.settings = this.parts.settings;
    this.models = this.parts.models.table;
    ({ actions: this.actions, providers: this.providers, evaluators: this.evaluators } = this.parts.components);
    registerAgent(this);
  }

  // ---- lifecycle -------------------------------------------------------

  /** The installed pipeline behind the agent's MessageLedger: whatever hands a message in goes through the ledger. */
  get messageService(): IMessageService | null {
    return ledgerFront(this.messagePipeline);
  }
  set messageService(service: IMessageService | null) {
    // elizaOS's `new DefaultMessageService()` names the default pipeline, which is the one installed.
    if (isDefaultMessageServiceAlias(service)) return;
    this.messagePipeline = pipelineBehind(service);
  }

  get services(): Map<string, IService[]> {
    return this.parts.serviceRegistry.services;
  }
  get events(): Map<string, EventHandler<string>[]> {
    return this.parts.eventBus.handlers;
  }
  get bootReport(): readonly BootReportEntry[] {
    return this.parts.boot.entries;
  }
  get isInitialized(): boolean {
    return this.initialized;
  }
  protected databaseObserver(): DatabaseCallObserver | undefined {
    return this.parts.operationEvents.databaseObserver();
  }

  initialize(): Promise<void> {
    this.initializing ??= bootAgent({
      runtime: this,
      timer: this.parts.boot,
      pending: this.pending,
      install: (plugin) => this.install(plugin),
      costs: this.parts.costs,
      ready: () => this.startDeferredServices(),
    });
    return this.initializing;
  }

  /** Marks the agent initialised, then starts the services registered before, all at once, as elizaOS does. */
  private async startDeferredServices(): Promise<void> {
    this.initialized = true;
    const { boot, serviceRegistry, settings } = this.parts;
    const waitMs = settings.number('SERVICE_START_WAIT_MS', 100);
    await serviceRegistry.startQueued(this, waitMs, (owner, start) => boot.timed(owner, 'services', start));
    this.parts.markInitialized();
  }
  /** What the elizaOS-only members read. */
  protected override get internals(): RuntimeParts {
    return this.parts;
  }

  async stop(): Promise<void> {
    unregisterAgent(this);
    await this.messageService?.whenIdle?.();
    await this.promptBatcher?.dispose();
    this.promptBatcher = undefined;
    await this.parts.serviceRegistry.stopAll();
    if (this.adapterRef) await this.adapterRef.close();
  }

  // ---- plugins and what they registered --------------------------------

  async registerPlugin(plugin: Plugin): Promise<void> {
    await this.install(plugin);
  }

  private install(plugin: Plugin): Promise<boolean> {
    return this.parts.records.installingWith(typeof plugin?.name === 'string' ? plugin.name : undefined, () =>
      installPlugin(this.parts.pluginHost, plugin),
    );
  }
  /** The plugin whose init is running: what it registers directly on the runtime is recorded as its own. */
  private get installing(): string | undefined {
    return this.parts.records.installing;
  }

  registerDatabaseAdapter(adapter: IDatabaseAdapter): void {
    if (this.adapterRef && this.adapterRef !== adapter)
      this.logger.warn('A database adapter was already registered; replacing it');
    this.adapterRef = adapter;
  }

  registerAction(action: Action): void {
    this.parts.components.addAction(action, this.installing);
  }
  registerProvider(provider: Provider): void {
    this.parts.components.addProvider(provider, this.installing);
  }
  registerEvaluator(evaluator: Evaluator): void {
    this.parts.components.addEvaluator(evaluator, this.installing);
  }

  /** Kith: the plugin that registered this action, provider, evaluator, model handler or event handler. */
  getPluginOwner(component: object): string | undefined {
    return this.parts.records.ownerOf(component);
  }

  /** Kith: what each plugin registered (names per kind), in install order. */
  getPluginRegistrations(): PluginRegistration[] {
    return this.parts.records.list();
  }

  // ---- services --------------------------------------------------------

  getService<T extends IService = IService>(serviceType: string): T | null {
    return this.parts.serviceRegistry.get<T>(serviceType);
  }
  getServicesByType<T extends IService = IService>(serviceType: string): T[] {
    return this.parts.serviceRegistry.getAll<T>(serviceType);
  }
  getAllServices(): Map<string, IService[]> {
    return this.parts.serviceRegistry.services;
  }
  hasService(serviceType: string): boolean {
    return this.parts.serviceRegistry.has(serviceType);
  }
  async registerService(serviceClass: ServiceClass): Promise<void> {
    // Recorded as the plugin's when its init registers it; the application's own is not a plugin's.
    await (this.installing
      ? this.parts.pluginHost.addService(serviceClass, this.installing)
      : this.startService(serviceClass, 'runtime'));
  }
  /** Started now once the agent is initialised; before that, after the plugins and the database. */
  private async startService(service: ServiceClass, owner: string): Promise<void> {
    if (this.initialized) await this.parts.serviceRegistry.start(this, service, owner);
    else this.parts.serviceRegistry.queue(service, owner);
  }

  // ---- models ----------------------------------------------------------

  registerModel(
    modelType: ModelTypeName | string,
    handler: ModelHandlerFn<never, unknown>,
    provider: string,
    priority = 0,
  ): void {
    this.parts.models.register(modelType, handler, provider, priority);
    this.parts.records.add(this.installing, 'models', modelType, handler);
  }
  getModel(modelType: ModelTypeName | string, provider?: string): ModelHandlerFn<never, unknown> | undefined {
    return this.parts.models.get(modelType, provider)?.handler;
  }
  getModelHandlers(modelType: ModelTypeName | string): ModelHandler[] {
    return this.parts.models.handlers(modelType);
  }
  async useModel<T extends ModelTypeName, P extends ModelParamsMap[T] = ModelParamsMap[T]>(
    modelType: T,
    params: P,
    provider?: string,
  ): Promise<ModelResult<T, P>> {
    return (await useModel(this.parts.modelDeps, modelType, params, provider)) as ModelResult<T, P>;
  }
  /** Kith: MAX_DAILY_COST_USD's state today (UTC); null when no budget is set. */
  getCostBudget(): CostBudgetStatus | null {
    return this.parts.costs.status();
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

  registerEvent<E extends string>(event: E, handler: EventHandler<E>): void;
  registerEvent<P extends EventPayload = EventPayload>(event: string, handler: CustomEventHandler<P>): void;
  registerEvent<E extends string>(event: E, handler: EventHandler<E>): void {
    this.parts.eventBus.on(event, handler, this.installing);
    this.parts.records.add(this.installing, 'events', event, handler);
  }
  on<E extends string>(event: E, handler: EventHandler<E>): void {
    this.registerEvent(event, handler);
  }
  getEvent(event: string): EventHandler<string>[] | undefined {
    return this.parts.eventBus.get(event);
  }
  emitEvent<E extends string>(event: E | E[], payload: EmittedPayloadOf<E>): Promise<void> {
    if (event !== 'MODEL_USED') return this.parts.eventBus.publish(this, event, payload);
    // A plugin's own MODEL_USED (elizaOS's shape): its tokens join the call's record, or it is completed.
    const adopted = this.parts.adoptModelUsed(payload);
    return adopted ? this.parts.eventBus.publish(this, event, adopted) : Promise.resolve();
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
    return this.parts.templates.get(name);
  }
  setTemplate(name: string, template: TemplateType): void {
    this.parts.templates.setRuntimeTemplate(name, template);
  }

  // ---- turn ------------------------------------------------------------

  composeState(
    message: Memory,
    includeList: string[] | null = null,
    onlyInclude = false,
    skipCache = false,
  ): Promise<State> {
    return composeState(this.parts.stateDeps, message, includeList, onlyInclude, skipCache);
  }
  processActions(
    message: Memory,
    responses: Memory[],
    state?: State,
    callback?: HandlerCallback,
    options?: ProcessActionsOptions,
  ): Promise<void> {
    return processActions(this.parts.actionDeps, message, responses, state, callback, options);
  }
  getActionResults(messageId: UUID): ActionResult[] {
    return this.parts.actionResults.get(messageId) ?? [];
  }
  async evaluate(
    message: Memory,
    state?: State,
    didRespond = false,
    callback?: HandlerCallback,
    responses?: Memory[],
  ): Promise<Evaluator[] | null> {
    return evaluate(this.parts.evaluateDeps, message, state, didRespond, callback, responses);
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
    return this.parts.runs.createRunId();
  }
  startRun(roomId?: UUID): UUID {
    return this.parts.runs.start(roomId);
  }
  /** Runs `fn` inside its own run; the run id follows the async context. */
  withRun<T>(roomId: UUID | undefined, fn: (runId: UUID) => Promise<T>): Promise<T> {
    return withRunSpan(this.parts.runs, this, roomId, fn);
  }
  endRun(): void {
    this.parts.runs.end();
  }
  getCurrentRunId(): UUID | undefined {
    return this.parts.runs.current()?.runId;
  }

  // ---- tasks (writes tell listeners, so a scheduler wakes instead of polling) ----

  registerTaskWorker(worker: TaskWorker): void {
    this.parts.taskWorkers.register(worker);
  }
  getTaskWorker(name: string): TaskWorker | undefined {
    return this.parts.taskWorkers.get(name);
  }
  override async createTask(...args: Parameters<IDatabaseAdapter['createTask']>): Promise<UUID> {
    return this.parts.taskChanges.after(this.adapter.createTask(...args));
  }
  override async updateTask(...args: Parameters<IDatabaseAdapter['updateTask']>): Promise<void> {
    return this.parts.taskChanges.after(this.adapter.updateTask(...args));
  }
  override async deleteTask(...args: Parameters<IDatabaseAdapter['deleteTask']>): Promise<void> {
    return this.parts.taskChanges.after(this.adapter.deleteTask(...args));
  }
  onTasksChanged(listener: () => void): () => void {
    return this.parts.taskChanges.add(listener);
  }

  // ---- delivery to other rooms (SEND_MESSAGE) ---------------------------

  registerSendHandler(source: string, handler: SendHandlerFunction): void {
    this.parts.sendHandlers.register(source, handler);
  }
  sendMessageToTarget(target: TargetInfo, content: Content): Promise<void> {
    return this.parts.sendHandlers.send(this, target, content);
  }
}
