import type { PluginRegistration } from '@kith/core';

/** What a plugin added to an agent, counted from the runtime's records (see AgentRuntime.getPluginRegistrations). */
export interface PluginRegistrations {
  actions: number;
  providers: number;
  evaluators: number;
  services: number;
  models: string[];
  routes: number;
  events: number;
}

/** Counts of one plugin's record; model types by name. */
export function pluginRegistrations(record: PluginRegistration): PluginRegistrations {
  return {
    actions: record.actions.length,
    providers: record.providers.length,
    evaluators: record.evaluators.length,
    services: record.services.length,
    models: [...new Set(record.models)],
    routes: record.routes.length,
    events: record.events.length,
  };
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** `13 actions, 16 providers, 1 evaluator, 2 services, 0 models` plus routes, events and model types when there are any. */
export function describeRegistrations(r: PluginRegistrations): string {
  const parts = [
    count(r.actions, 'action'),
    count(r.providers, 'provider'),
    count(r.evaluators, 'evaluator'),
    count(r.services, 'service'),
  ];
  parts.push(r.models.length > 0 ? `${count(r.models.length, 'model')} (${r.models.join(', ')})` : count(0, 'model'));
  if (r.routes > 0) parts.push(count(r.routes, 'route'));
  if (r.events > 0) parts.push(count(r.events, 'event handler'));
  return parts.join(', ');
}
