import { ErrorCode } from '../../errors/error-codes';
import { KithError } from '../../errors/kith-error';
import {
  PluginDependencyMissingError,
  PluginInitError,
  PluginInitTimeoutError,
  PluginValidationError,
} from '../../errors';
import type { Logger } from '../../logger/logger';
import type { Action, Evaluator, Provider } from '../../types/components';
import type { IDatabaseAdapter } from '../../types/database';
import type { EventHandler } from '../../types/events';
import type { ModelHandlerFn } from '../../types/model';
import type { TemplateType } from '../../types/character';
import type { Plugin, Route } from '../../types/plugin';
import type { ServiceClass } from '../../types/service';
import type { IAgentRuntime } from '../../types/runtime';

/** What installing a plugin touches; implemented by AgentRuntime. */
export interface PluginHost {
  runtime: IAgentRuntime;
  logger: Logger;
  installed: Plugin[];
  initTimeoutMs(): number;
  resolveConfigValue(key: string, fallback: unknown): string | undefined;
  /** Starts the plugin's record of what it registers (optional: hosts that keep none omit it). */
  open?(plugin: string): void;
  setAdapter(adapter: IDatabaseAdapter): void;
  addAction(action: Action, owner: string): void;
  addProvider(provider: Provider, owner: string): void;
  addEvaluator(evaluator: Evaluator, owner: string): void;
  addModel(modelType: string, handler: ModelHandlerFn<never, unknown>, owner: string, priority: number): void;
  addEventHandler(event: string, handler: EventHandler<string>, owner: string): void;
  addRoute(route: Route, owner: string): void;
  addTemplate(name: string, template: TemplateType, owner: string): void;
  addService(service: ServiceClass, owner: string): Promise<void>;
}

function withoutEmpty<T>(
  host: PluginHost,
  plugin: Plugin,
  kind: string,
  list: (T | null | undefined)[] | undefined,
): T[] {
  const out: T[] = [];
  (list ?? []).forEach((item, index) => {
    if (item === null || item === undefined) {
      host.logger.warn(
        { plugin: plugin.name, kind, index },
        `Plugin "${plugin.name}" has an empty entry at ${kind}[${index}]; skipping it`,
      );
    } else out.push(item);
  });
  return out;
}

async function runInit(host: PluginHost, plugin: Plugin): Promise<void> {
  if (!plugin.init) return;
  const config: Record<string, string> = {};
  for (const [key, fallback] of Object.entries(plugin.config ?? {})) {
    const value = host.resolveConfigValue(key, fallback);
    if (value !== undefined) config[key] = value;
  }
  const timeoutMs = host.initTimeoutMs();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PluginInitTimeoutError(plugin.name, timeoutMs)), timeoutMs);
  });
  try {
    await Promise.race([plugin.init(config, host.runtime), timeout]);
  } catch (error) {
    if (KithError.hasCode(error, ErrorCode.PLUGIN_INIT_TIMEOUT)) throw error;
    throw new PluginInitError(plugin.name, error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Registers one plugin: init (with a timeout naming it), then its adapter,
 * actions, providers, evaluators, models, events, routes and services.
 * Returns false when a plugin of that name is already installed.
 */
export async function installPlugin(host: PluginHost, plugin: Plugin): Promise<boolean> {
  if (!plugin || typeof plugin !== 'object' || typeof plugin.name !== 'string' || plugin.name.length === 0) {
    throw new PluginValidationError(
      String((plugin as { name?: unknown } | null)?.name ?? '(unnamed)'),
      'a plugin needs a non-empty "name"',
    );
  }
  if (host.installed.some((p) => p.name === plugin.name)) {
    host.logger.warn({ plugin: plugin.name }, `Plugin "${plugin.name}" is already registered; skipping the second one`);
    return false;
  }
  for (const dependency of plugin.dependencies ?? []) {
    if (!host.installed.some((p) => p.name === dependency))
      throw new PluginDependencyMissingError(plugin.name, dependency);
  }
  host.installed.push(plugin);
  host.open?.(plugin.name);
  await runInit(host, plugin);

  if (plugin.adapter) host.setAdapter(plugin.adapter);
  for (const action of withoutEmpty(host, plugin, 'actions', plugin.actions)) host.addAction(action, plugin.name);
  for (const provider of withoutEmpty(host, plugin, 'providers', plugin.providers))
    host.addProvider(provider, plugin.name);
  for (const evaluator of withoutEmpty(host, plugin, 'evaluators', plugin.evaluators))
    host.addEvaluator(evaluator, plugin.name);
  for (const [modelType, handler] of Object.entries(plugin.models ?? {})) {
    if (handler) host.addModel(modelType, handler, plugin.name, plugin.priority ?? 0);
  }
  for (const [event, handlers] of Object.entries(plugin.events ?? {})) {
    for (const handler of handlers ?? []) host.addEventHandler(event, handler as EventHandler<string>, plugin.name);
  }
  for (const route of plugin.routes ?? []) host.addRoute(route, plugin.name);
  for (const [name, template] of Object.entries(plugin.templates ?? {})) host.addTemplate(name, template, plugin.name);
  for (const service of withoutEmpty(host, plugin, 'services', plugin.services))
    await host.addService(service, plugin.name);
  return true;
}
