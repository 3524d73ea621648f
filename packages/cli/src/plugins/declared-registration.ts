import { emptyRegistration, type Plugin, type PluginRegistration } from '@kith/core';

const named = (items: readonly ({ name: string } | null | undefined)[] | undefined): string[] =>
  (items ?? []).flatMap((item) => (item ? [item.name] : []));

/**
 * What a plugin declares on its object (its actions, providers, evaluators,
 * models, routes, services, event handlers, templates), read without
 * running its init: listing plugins makes no network call and cannot fail
 * on a plugin's missing credentials. What an init registers itself is not
 * in it.
 */
export function declaredRegistration(plugin: Plugin): PluginRegistration {
  return {
    ...emptyRegistration(plugin.name),
    actions: named(plugin.actions),
    providers: named(plugin.providers),
    evaluators: named(plugin.evaluators),
    models: Object.keys(plugin.models ?? {}),
    routes: (plugin.routes ?? []).map((route) => `${route.type} ${route.path}`),
    services: (plugin.services ?? []).flatMap((service) =>
      service ? [String(service.serviceType ?? service.name)] : [],
    ),
    events: Object.entries(plugin.events ?? {}).flatMap(([event, handlers]) =>
      Array.isArray(handlers) ? handlers.map(() => event) : [],
    ),
    templates: Object.keys(plugin.templates ?? {}),
  };
}
