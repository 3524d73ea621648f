import { InternalServerError, ResourceNotFoundError, type RouteRequest } from '@kith/core';
import { z } from 'zod';
import type { HttpMethod } from '../http/api-router';
import { errorBodySchema, uuidSchema } from '../http/schemas';
import type { ServerContext } from '../server-context';
import { findPluginRoute } from './match-plugin-route';
import { PluginRouteResponse } from './plugin-route-response';

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const paramsSchema = z.strictObject({
  agentId: uuidSchema,
  plugin: z.string().min(1).max(214).meta({ description: 'Plugin name (URL-encoded), or the part after the scope' }),
  '*': z.string().max(2048),
});

/**
 * Plugin `routes` of every agent, served at
 * /api/agents/:agentId/plugins/<plugin>/<path>. Matched per request, so
 * agents added later are served too. STATIC routes are not served.
 */
export function registerPluginRoutes({ router, agents }: ServerContext): void {
  for (const method of METHODS) {
    router.route({
      method,
      url: '/api/agents/:agentId/plugins/:plugin/*',
      operationId: `pluginRoute${method[0]}${method.slice(1).toLowerCase()}`,
      summary: `A plugin's own ${method} route (Plugin.routes); GET /api/agents/:agentId lists them`,
      tags: ['plugins'],
      params: paramsSchema,
      responses: {
        200: { description: "Whatever the plugin's handler sends" },
        404: { description: 'No such agent, plugin or route', schema: errorBodySchema },
        500: { description: 'The plugin handler threw', schema: errorBodySchema },
      },
      handler: async ({ params, request, reply }) => {
        const { runtime } = agents.require(params.agentId);
        const path = `/${params['*']}`;
        const found = findPluginRoute(runtime.routes, params.plugin, method, path);
        if (!found) throw new ResourceNotFoundError('plugin route', `${method} ${params.plugin}${path}`, 'GET /api/agents/:agentId lists the routes of its plugins');
        const req: RouteRequest = {
          body: request.body,
          params: { ...found.params, agentId: params.agentId },
          query: (request.query ?? {}) as Record<string, unknown>,
          headers: request.headers,
          method,
          path,
          url: request.url,
        };
        const res = new PluginRouteResponse(reply);
        try {
          await found.route.handler?.(req, res, runtime);
        } catch (error) {
          request.log.error({ err: error, plugin: params.plugin, route: found.route.path }, `Route ${method} ${found.route.path} of plugin ${params.plugin} threw`);
          if (!reply.sent) throw new InternalServerError(request.id, { cause: error });
        }
        if (!reply.sent) reply.code(204).send();
        return reply;
      },
    });
  }
}
