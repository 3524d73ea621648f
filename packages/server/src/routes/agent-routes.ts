import { z } from 'zod';
import { agentDetailSchema, agentSummarySchema, toAgentDetail, toAgentSummary } from '../agents/agent-view';
import { agentParamsSchema, errorBodySchema } from '../http/schemas';
import type { ServerContext } from '../server-context';

const notFound = { description: 'No such agent', schema: errorBodySchema };

/** GET /api/agents, GET /api/agents/:agentId, POST /api/agents/:agentId/start|stop. */
export function registerAgentRoutes({ router, agents }: ServerContext): void {
  router.route({
    method: 'GET',
    url: '/api/agents',
    operationId: 'listAgents',
    summary: 'List the agents on this server',
    tags: ['agents'],
    responses: { 200: { description: 'The agents', schema: z.object({ agents: z.array(agentSummarySchema) }) } },
    handler: async () => ({ agents: agents.all.map(toAgentSummary) }),
  });

  router.route({
    method: 'GET',
    url: '/api/agents/:agentId',
    operationId: 'getAgent',
    summary: 'An agent with its plugins, actions, providers, evaluators, services, models and plugin routes',
    tags: ['agents'],
    params: agentParamsSchema,
    responses: { 200: { description: 'The agent', schema: agentDetailSchema }, 404: notFound },
    handler: async ({ params }) => toAgentDetail(agents.require(params.agentId)),
  });

  for (const verb of ['start', 'stop'] as const) {
    router.route({
      method: 'POST',
      url: `/api/agents/:agentId/${verb}`,
      operationId: `${verb}Agent`,
      summary: verb === 'start' ? 'Let a stopped agent take messages again' : 'Stop an agent taking messages (turns in flight finish; its data stays readable)',
      tags: ['agents'],
      params: agentParamsSchema,
      responses: { 200: { description: 'The agent after the change', schema: z.object({ agent: agentSummarySchema }) }, 404: notFound },
      handler: async ({ params }) => {
        const agent = agents.require(params.agentId);
        if (verb === 'start') agent.start();
        else agent.stop();
        return { agent: toAgentSummary(agent) };
      },
    });
  }
}
