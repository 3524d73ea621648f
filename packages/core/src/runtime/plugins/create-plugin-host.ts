import type { IDatabaseAdapter } from '../../types/database';
import type { Plugin } from '../../types/plugin';
import type { IAgentRuntime } from '../../types/runtime';
import type { ServiceClass } from '../../types/service';
import type { RegisteredRoute } from '../agent-runtime-options';
import type { EventBus } from '../events/event-bus';
import type { ModelRegistry } from '../models/model-registry';
import type { RuntimeSettings } from '../setting-lookup/runtime-settings';
import type { TemplateRegistry } from '../templates/template-registry';
import type { ComponentRegistry } from './component-registry';
import type { PluginHost } from './install-plugin';
import type { PluginRecords } from './plugin-records';

/** The runtime's parts a plugin installs into. */
export interface PluginHostParts {
  runtime: IAgentRuntime;
  installed: Plugin[];
  settings: RuntimeSettings;
  records: PluginRecords;
  components: ComponentRegistry;
  models: ModelRegistry;
  eventBus: EventBus;
  routes: RegisteredRoute[];
  templates: TemplateRegistry;
  setAdapter: (adapter: IDatabaseAdapter) => void;
  addService(service: ServiceClass, owner: string): Promise<void>;
}

/** What installPlugin touches, over the runtime's registries; every registration is recorded with its plugin. */
export function createPluginHost(parts: PluginHostParts): PluginHost {
  const { runtime, settings, records, components, models, eventBus, routes, templates } = parts;
  const logger = runtime.logger;
  return {
    runtime,
    logger,
    installed: parts.installed,
    initTimeoutMs: () => settings.number('PLUGIN_INIT_TIMEOUT_MS', 30_000),
    resolveConfigValue: (key, fallback) => {
      const value = runtime.getSetting(key) ?? process.env[key] ?? fallback;
      return value === null || value === undefined ? undefined : String(value);
    },
    open: (plugin) => records.open(plugin),
    setAdapter: parts.setAdapter,
    addAction: (action, owner) => components.addAction(action, owner),
    addProvider: (provider, owner) => components.addProvider(provider, owner),
    addEvaluator: (evaluator, owner) => components.addEvaluator(evaluator, owner),
    addModel: (type, handler, owner, priority) => {
      models.register(type, handler, owner, priority);
      records.add(owner, 'models', type, handler);
    },
    addEventHandler: (event, handler, owner) => {
      eventBus.on(event, handler, owner);
      records.add(owner, 'events', event, handler);
    },
    addRoute: (route, owner) => {
      routes.push({ ...route, pluginName: owner });
      records.add(owner, 'routes', `${route.type} ${route.path}`);
    },
    addTemplate: (name, template, owner) => {
      const added = templates.setPluginTemplate(name, template, owner);
      if (added.ok) records.add(owner, 'templates', name);
      else
        logger.warn(
          { plugin: owner, template: name },
          `Plugin "${owner}" sets template ${name}, already set by plugin "${added.owner}"; keeping the first`,
        );
    },
    addService: async (service, owner) => {
      records.add(owner, 'services', service.serviceType || service.name);
      await parts.addService(service, owner);
    },
  };
}
