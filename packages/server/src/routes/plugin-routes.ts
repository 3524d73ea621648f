import { type IAgentRuntime, type RouteRequest, type UUID } from '@kith/core';
import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import { errorBodySchema, uuidSchema } from '../http/schemas';
import type { ServerContext } from '../server-context';
import { PluginRouteTable } from './plugin-route-table';
import { PluginRouteResponse } from './plugin-route-response';
import { InternalServerError, ResourceNotFoundError } from '../errors';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const PREFIX_SEGMENTS = '/api/agents/:agentId/plugins/:plugin'.split('/').length;

const paramsSchema = z.strictObject({
  agentId: uuidSchema,
  plugin: z.string().min(1).max(214).meta({ description: 'Plugin name (URL-encoded), or the part after the scope' }),
  '*': z.string().max(2048).meta({ description: "The route's path within the plugin" }),
});

/** The part of the URL after /api/agents/:agentId/plugins/:plugin, still percent-encoded, for the plugin's router to decode once. */
function pluginPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return `/${path.split('/').slice(PREFIX_SEGMENTS).join('/')}`;
}

/**
 * Plugin `routes` of every agent, served at
 * /api/agents/:agentId/plugins/<plugin>/<path>: one Fastify route per method
 * takes the agent and plugin, then the agent's PluginRouteTable (find-my-way)
 * finds the plugin's route. Fastify cannot add routes once it listens, and
 * agents (with their plugins) may come later. STATIC routes are not served.
 */
export function registerPluginRoutes(app: ApiApp, { agents, logger }: ServerContext): void {
  const tables = new WeakMap<IAgentRuntime, PluginRouteTable>();
  const tableOf = (runtime: IAgentRuntime): PluginRouteTable => {
    let table = tables.get(runtime);
    if (!table) tables.set(runtime, (table = new PluginRouteTable(runtime, logger)));
    return table;
  };

  for (const method of METHODS) {
    app.route({
      method,
      url: '/api/agents/:agentId/plugins/:plugin/*',
      // elizaOS routes carry `public`: those are served to anyone, the rest to the admin key only.
      config: {
        access: 'plugin',
        pluginRouteIsPublic: (request) => {
          const params = request.params as Record<string, string | undefined>;
          const agent = params.agentId ? agents.get(params.agentId.toLowerCase() as UUID) : undefined;
          if (!agent || !params.plugin) return false;
          return tableOf(agent.runtime).find(params.plugin, method, pluginPath(request.url))?.route.public === true;
        },
      },
      schema: {
        operationId: `pluginRoute${method[0]}${method.slice(1).toLowerCase()}`,
        summary: `A plugin's own ${method} route (Plugin.routes); GET /api/agents/:agentId lists them`,
        tags: ['plugins'],
        params: paramsSchema,
        response: {
          200: z.unknown().describe("Whatever the plugin's handler sends"),
          204: z.null().describe('The handler sent nothing'),
          404: errorBodySchema.describe('No such agent, plugin or route'),
          500: errorBodySchema.describe('The plugin handler threw'),
        },
      },
      handler: async (request, reply) => {
        const { params } = request;
        const { runtime } = agents.require(params.agentId);
        const path = pluginPath(request.url);
        const found = tableOf(runtime).find(params.plugin, method, path);
        if (!found)
          throw new ResourceNotFoundError(
            'plugin route',
            `${method} ${params.plugin}/${params['*']}`,
            'GET /api/agents/:agentId lists the routes of its plugins',
          );
        const req: RouteRequest = {
          body: request.body,
          params: { ...found.params, agentId: params.agentId },
          query: request.query as Record<string, unknown>,
          headers: request.headers,
          method,
          path: `/${params['*']}`,
          url: request.url,
        };
        const res = new PluginRouteResponse(reply);
        try {
          await found.route.handler?.(req, res, runtime);
        } catch (error) {
          request.log.error(
            { err: error, plugin: params.plugin, route: found.route.path },
            `Route ${method} ${found.route.path} of plugin ${params.plugin} threw`,
          );
          if (!reply.sent) throw new InternalServerError(request.id, { cause: error });
        }
        if (!reply.sent) reply.code(204).send(null);
        return reply;
      },
    });
  }
}
