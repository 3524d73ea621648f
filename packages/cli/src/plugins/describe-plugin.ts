import type { Plugin } from '@kith/core';

/** What a plugin adds to an agent, counted from the plugin object (nothing is started). */
export interface PluginRegistrations {
  actions: number;
  providers: number;
  evaluators: number;
  services: number;
  models: string[];
  routes: number;
  events: number;
}

const present = <T>(list: readonly (T | null | undefined)[] | undefined): number => (list ?? []).filter((item) => item != null).length;

export function pluginRegistrations(plugin: Plugin): PluginRegistrations {
  return {
    actions: present(plugin.actions),
    providers: present(plugin.providers),
    evaluators: present(plugin.evaluators),
    services: present(plugin.services),
    models: Object.keys(plugin.models ?? {}),
    routes: plugin.routes?.length ?? 0,
    events: Object.values(plugin.events ?? {}).reduce((sum, handlers) => sum + (Array.isArray(handlers) ? handlers.length : 0), 0),
  };
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** `13 actions, 16 providers, 1 evaluator, 2 services, 0 models` plus routes, events and model types when there are any. */
export function describeRegistrations(r: PluginRegistrations): string {
  const parts = [count(r.actions, 'action'), count(r.providers, 'provider'), count(r.evaluators, 'evaluator'), count(r.services, 'service')];
  parts.push(r.models.length > 0 ? `${count(r.models.length, 'model')} (${r.models.join(', ')})` : count(0, 'model'));
  if (r.routes > 0) parts.push(count(r.routes, 'route'));
  if (r.events > 0) parts.push(count(r.events, 'event handler'));
  return parts.join(', ');
}
