import type { Logger } from '../logger/logger';
import type { ActionResult } from '../types/components';
import type { IDatabaseAdapter } from '../types/database';
import type { Plugin } from '../types/plugin';
import type { UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import type { ServiceClass } from '../types/service';
import { BoundedMap } from '../maps/bounded-map';
import type { ProcessActionsDeps } from './actions/process-actions';
import type { RegisteredRoute } from './agent-runtime-options';
import { BootTimer } from './boot/boot-timer';
import type { EvaluateDeps } from './evaluation/evaluate';
import { EventBus } from './events/event-bus';
import { OperationEvents } from './events/operation-events';
import { SendHandlers } from './send-handlers/send-handlers';
import { ModelRegistry } from './models/model-registry';
import type { UseModelDeps } from './models/use-model';
import { ComponentRegistry } from './plugins/component-registry';
import { createPluginHost } from './plugins/create-plugin-host';
import type { PluginHost } from './plugins/install-plugin';
import { PluginRecords } from './plugins/plugin-records';
import { CircuitBreaker } from './resilience/circuit-breaker';
import { RunTracker } from './runs/run-context';
import { ServiceRegistry } from './service-registry/service-registry';
import { RuntimeSettings, type SettingValue } from './setting-lookup/runtime-settings';
import type { ComposeStateDeps } from './state/compose-state';
import { StateCache } from './state/state-cache';
import { TaskChangeListeners } from './tasks/task-change-listeners';
import { TaskWorkers } from './tasks/task-workers';
import { TemplateRegistry } from './templates/template-registry';
import { ModelCosts } from './usage/model-costs';
import { adoptForeignModelUsed } from './models/foreign-model-usage';
import type { ModelEventPayload } from '../types/events';

/** What the parts are built over: the runtime itself and the few things only it holds. */
export interface RuntimePartsHost {
  runtime: IAgentRuntime;
  logger: Logger;
  initialSettings: Record<string, SettingValue | undefined> | undefined;
  /** The runtime's plugins and routes arrays, which plugin installs fill. */
  installed: Plugin[];
  routes: RegisteredRoute[];
  /** The registered adapter, or undefined while there is none. */
  adapter: () => IDatabaseAdapter | undefined;
  /** Starts a service now, or after boot when the agent is not initialised yet. */
  startService(service: ServiceClass, owner: string): Promise<void>;
}

/**
 * The registries an AgentRuntime delegates to, and the collaborator bags its
 * turn functions take (composeState, processActions, evaluate, useModel run
 * several times per message, so the bags are built once).
 */
export interface RuntimeParts {
  settings: RuntimeSettings;
  eventBus: EventBus;
  models: ModelRegistry;
  serviceRegistry: ServiceRegistry;
  records: PluginRecords;
  components: ComponentRegistry;
  runs: RunTracker;
  /** FIFO: results are read once, right after their turn; a read need not keep them. */
  actionResults: BoundedMap<string, ActionResult[]>;
  taskWorkers: TaskWorkers;
  taskChanges: TaskChangeListeners;
  sendHandlers: SendHandlers;
  templates: TemplateRegistry;
  boot: BootTimer;
  /** Prices (MODEL_PRICES) and the daily budget (MAX_DAILY_COST_USD). */
  costs: ModelCosts;
  /** PROVIDER_COMPLETED and DATABASE_OPERATION, emitted only while someone listens. */
  operationEvents: OperationEvents;
  /** Composed states by message id (elizaOS's `runtime.stateCache`). */
  stateCache: StateCache;
  /** Settles when initialize() has finished (elizaOS's `runtime.initPromise`). */
  initialized: Promise<void>;
  markInitialized: () => void;
  /** A plugin's own MODEL_USED: null when it joined the useModel call in progress, else the payload to publish. */
  adoptModelUsed: (payload: object) => ModelEventPayload | null;
  pluginHost: PluginHost;
  stateDeps: ComposeStateDeps;
  actionDeps: ProcessActionsDeps;
  evaluateDeps: EvaluateDeps;
  modelDeps: UseModelDeps;
}

/** Builds one runtime's registries and wires them to each other and to the runtime. */
export function createRuntimeParts(host: RuntimePartsHost): RuntimeParts {
  const { runtime, logger } = host;
  const settings = new RuntimeSettings(() => runtime.character, host.initialSettings);
  const eventBus = new EventBus(logger);
  const models = new ModelRegistry();
  const records = new PluginRecords();
  const components = new ComponentRegistry(logger, records);
  const runs = new RunTracker();
  const templates = new TemplateRegistry(() => runtime.character.templates);
  const actionResults = new BoundedMap<string, ActionResult[]>(1_000);
  // A service start gets the plugin init limit: a hung start must not keep the agent from starting.
  const serviceRegistry = new ServiceRegistry(logger);
  const breaker = new CircuitBreaker(logger, () => ({
    threshold: settings.number('CIRCUIT_BREAKER_THRESHOLD', 5),
    resetMs: settings.number('CIRCUIT_BREAKER_RESET_MS', 60_000),
  }));
  const stateCache = new StateCache();
  let markInitialized!: () => void;
  const initialized = new Promise<void>((resolve) => (markInitialized = resolve));
  runs.onEnded((runId) => stateCache.dropRun(runId));

  const currentRunId = (): UUID | undefined => runs.current()?.runId;
  const ownerOf = (component: object): string | undefined => records.ownerOf(component);
  const operationEvents = new OperationEvents(runtime, eventBus, ownerOf);
  const costs = ModelCosts.forRuntime(runtime, models, host.adapter);
  return {
    settings,
    eventBus,
    models,
    serviceRegistry,
    records,
    components,
    runs,
    actionResults,
    taskWorkers: new TaskWorkers(logger),
    taskChanges: new TaskChangeListeners(logger),
    sendHandlers: new SendHandlers(),
    templates,
    boot: new BootTimer(),
    costs,
    stateCache,
    initialized,
    markInitialized,
    operationEvents,
    adoptModelUsed: (payload: object) =>
      adoptForeignModelUsed(payload, {
        prices: () => costs.prices(),
        budget: () => costs.budget(),
        currentRunId: () => currentRunId(),
        currentRoomId: () => runs.current()?.roomId,
      }),
    pluginHost: createPluginHost({
      runtime,
      installed: host.installed,
      settings,
      records,
      components,
      models,
      eventBus,
      routes: host.routes,
      templates,
      setAdapter: (adapter) => runtime.registerDatabaseAdapter(adapter),
      addService: (service, owner) => host.startService(service, owner),
    }),
    stateDeps: {
      runtime,
      providers: () => components.providers,
      logger,
      breaker,
      cache: stateCache,
      currentRunId,
      ownerOf,
      onProviderCompleted: () => operationEvents.providerCompleted(),
      timeoutMs: () => settings.number('PROVIDER_TIMEOUT_MS', 30_000),
      baseValues: () => ({ agentName: runtime.character.name }),
    },
    actionDeps: { runtime, actions: () => components.actions, logger, results: actionResults, currentRunId, ownerOf },
    evaluateDeps: { runtime, evaluators: () => components.evaluators, logger, currentRunId, ownerOf },
    modelDeps: {
      runtime,
      registry: models,
      logger,
      breaker,
      setting: (key) => runtime.getSetting(key),
      // Straight to the bus: runtime.emitEvent('MODEL_USED') is how plugins report their own calls (adoptModelUsed).
      emitModelUsed: (payload) => void eventBus.publish(runtime, 'MODEL_USED', payload),
      currentRunId,
      currentRoomId: () => runs.current()?.roomId,
      prices: () => costs.prices(),
      budget: () => costs.budget(),
    },
  };
}
