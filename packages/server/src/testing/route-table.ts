import type { FastifyInstance } from 'fastify';

export interface TableRoute {
  method: string;
  /** Fastify path syntax: `/api/agents/:agentId/runs/:runId`, `/*`. */
  url: string;
}

/**
 * Every method + path the Fastify router holds, read from `printRoutes()`
 * (its radix tree: a node's full path is its ancestors' segments joined), so
 * a route added anywhere in the server shows up without a hand-kept list.
 * The `commonPrefix: false` form is not used: find-my-way 9 drops segments
 * before a wildcard in it.
 */
export function routeTable(app: FastifyInstance): TableRoute[] {
  const routes: TableRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    if (!match[3]) continue;
    const url = stack.join('');
    for (const method of match[3].split(', ')) routes.push({ method, url });
  }
  return routes;
}

/** The `:name` and `*` parameters of a route path, in order. */
export function routeParams(url: string): string[] {
  return [...url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
}

/** Puts already-encoded values in for the parameters of `url`. */
export function fillRoute(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => values[name ?? '*'] ?? whole);
}
