import type { RegisteredRoute, Route } from '@kith/core';

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Path params when `path` fits the route's pattern (`/items/:id`), else null. */
export function matchRoutePath(pattern: string, path: string): Record<string, string> | null {
  const want = segments(pattern);
  const have = segments(path);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    const value = have[i] as string;
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return params;
}

/** A plugin is named by its full name or, for a scoped package, the part after the slash. */
function pluginMatches(route: Route, plugin: string): boolean {
  const name = (route as Partial<RegisteredRoute>).pluginName;
  if (!name) return false;
  return name === plugin || name.slice(name.lastIndexOf('/') + 1) === plugin;
}

/** The plugin route serving `method path`, with its path params. */
export function findPluginRoute(routes: readonly Route[], plugin: string, method: string, path: string): { route: Route; params: Record<string, string> } | null {
  for (const route of routes) {
    if (route.type !== method || !route.handler || !pluginMatches(route, plugin)) continue;
    const params = matchRoutePath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}
