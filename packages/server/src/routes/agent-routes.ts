import { z } from 'zod';
import { agentDetailSchema, agentSummarySchema, toAgentDetail, toAgentSummary } from '../agents/agent-view';
import type { ManagedAgent } from '../agents/managed-agent';
import type { ApiApp } from '../http/api-app';
import { agentParamsSchema, errorBodySchema } from '../http/schemas';
import type { ServerContext } from '../server-context';

const notFound = errorBodySchema.describe('No such agent');

/** GET /api/agents, GET /api/agents/:agentId, POST /api/agents/:agentId/start|stop. */
export function registerAgentRoutes(app: ApiApp, { agents, studio }: ServerContext): void {
  const versionOf = (agent: ManagedAgent) => studio?.versionOf(agent.id);
  app.route({
    method: 'GET',
    url: '/api/agents',
    config: { access: 'session' },
    schema: {
      operationId: 'listAgents',
      summary: 'List the agents on this server',
      tags: ['agents'],
      response: { 200: z.object({ agents: z.array(agentSummarySchema) }).describe('The agents') },
    },
    handler: async () => ({ agents: agents.all.map((agent) => toAgentSummary(agent, versionOf(agent))) }),
  });

  app.route({
    method: 'GET',
    url: '/api/agents/:agentId',
    config: { access: 'admin' },
    schema: {
      operationId: 'getAgent',
      summary: 'An agent with its plugins, actions, providers, evaluators, services, models and plugin routes',
      tags: ['agents'],
      params: agentParamsSchema,
      response: { 200: agentDetailSchema.describe('The agent'), 404: notFound },
    },
    handler: async ({ params }) => {
      const agent = agents.require(params.agentId);
      return toAgentDetail(agent, versionOf(agent));
    },
  });

  for (const verb of ['start', 'stop'] as const) {
    app.route({
      method: 'POST',
      url: `/api/agents/:agentId/${verb}`,
      config: { access: 'admin' },
      schema: {
        operationId: `${verb}Agent`,
        summary:
          verb === 'start'
            ? 'Let a stopped agent take messages again'
            : 'Stop an agent taking messages (turns in flight finish; its data stays readable)',
        tags: ['agents'],
        params: agentParamsSchema,
        response: {
          200: z.object({ agent: agentSummarySchema }).describe('The agent after the change'),
          404: notFound,
        },
      },
      handler: async ({ params }) => {
        const agent = agents.require(params.agentId);
        if (verb === 'start') agent.start();
        else agent.stop();
        return { agent: toAgentSummary(agent, versionOf(agent)) };
      },
    });
  }
}
