import type { IAgentRuntime, Logger, RegisteredRoute, Route } from '@kith/core';
import FindMyWay from 'find-my-way';

type Router = FindMyWay.Instance<FindMyWay.HTTPVersion.V1>;

export interface PluginRouteMatch {
  route: Route;
  /** The route's path params, decoded. */
  params: Record<string, string>;
}

/** A plugin is named by its full name or, for a scoped package, by the part after the slash. */
function namesOf(route: Route): string[] {
  const name = (route as Partial<RegisteredRoute>).pluginName;
  if (!name) return [];
  const short = name.slice(name.lastIndexOf('/') + 1);
  return short === name ? [name] : [name, short];
}

const ignore = (): void => undefined;

/**
 * One agent's plugin routes in find-my-way, Fastify's own router, one router
 * per plugin name: the same path syntax (`:id`, `*`) and decoding as the
 * server's routes. Rebuilt when the runtime has registered routes since (a
 * plugin registered after start). Where two routes share a method and path,
 * the first registered wins.
 */
export class PluginRouteTable {
  private routers = new Map<string, Router>();
  private built = -1;

  constructor(
    private readonly runtime: IAgentRuntime,
    private readonly logger: Logger,
  ) {}

  /** The route serving `method` at `path` (still percent-encoded, as in the URL) of `plugin`. */
  find(plugin: string, method: string, path: string): PluginRouteMatch | null {
    if (this.built !== this.runtime.routes.length) this.build();
    const found = this.routers.get(plugin)?.find(method as FindMyWay.HTTPMethod, path);
    if (!found) return null;
    return { route: found.store as Route, params: found.params as Record<string, string> };
  }

  private build(): void {
    const routers = new Map<string, Router>();
    for (const route of this.runtime.routes) {
      if (route.type === 'STATIC' || !route.handler) continue;
      const path = route.path.startsWith('/') ? route.path : `/${route.path}`;
      for (const name of namesOf(route)) {
        let router = routers.get(name);
        if (!router) {
          router = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 2048 });
          routers.set(name, router);
        }
        if (router.hasRoute(route.type, path)) continue;
        try {
          router.on(route.type, path, ignore, route);
        } catch (error) {
          this.logger.warn(
            { err: error, plugin: name, path: route.path },
            `Plugin route ${route.type} ${route.path} of "${name}" is not served: its path is not a valid route pattern`,
          );
        }
      }
    }
    this.routers = routers;
    this.built = this.runtime.routes.length;
  }
}
