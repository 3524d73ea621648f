import { z } from 'zod';
import { checkAgentHealth } from '../health/health-checks';
import type { ApiApp } from '../http/api-app';
import type { ServerContext } from '../server-context';

const checkSchema = z.object({
  name: z.string(),
  healthy: z.boolean(),
  durationMs: z.number(),
  detail: z.string().optional(),
});
const fleetSchema = z.object({
  serverId: z.string().describe('This server in the fleet'),
  leaseMs: z.number().describe('KITH_LEASE_MS: how long a silent server keeps its rooms'),
  servers: z
    .array(
      z.object({
        serverId: z.string(),
        host: z.string(),
        pid: z.number(),
        startedAt: z.number(),
        expiresAt: z.number(),
      }),
    )
    .describe('Servers alive at the last heartbeat, this one first'),
  rooms: z.number().describe("Rooms this server holds (answers), all agents' together"),
});
const healthSchema = z.object({
  status: z.enum(['healthy', 'unhealthy']),
  uptimeSec: z.number(),
  fleet: fleetSchema
    .optional()
    .describe('Present when the agents run as a fleet (several servers on one PostgreSQL database)'),
  agents: z.array(
    z.object({
      agentId: z.string(),
      name: z.string(),
      status: z.enum(['running', 'stopped']),
      healthy: z.boolean(),
      checks: z.array(checkSchema),
    }),
  ),
});

/** GET /api/health: each agent's checks; 503 when any fails. Needs no API key. */
export function registerHealthRoutes(app: ApiApp, { agents, settings, startedAt }: ServerContext): void {
  app.route({
    method: 'GET',
    url: '/api/health',
    config: { access: 'public' },
    schema: {
      operationId: 'health',
      summary:
        "Each agent's health checks (database, services, TEXT_LARGE and TEXT_EMBEDDING handlers); 503 when one fails",
      tags: ['operations'],
      response: {
        200: healthSchema.describe('Healthy'),
        503: healthSchema.describe('Unhealthy: see the failing checks'),
      },
    },
    handler: async (_request, reply) => {
      const report = await Promise.all(
        agents.all.map(async (agent) => {
          const checks = await checkAgentHealth(agent.runtime, settings.healthCheckTimeoutMs);
          return {
            agentId: agent.id,
            name: agent.name,
            status: agent.status,
            healthy: checks.every((check) => check.healthy),
            checks,
          };
        }),
      );
      const healthy = report.every((agent) => agent.healthy);
      reply.code(healthy ? 200 : 503);
      const fleets = agents.all.flatMap((agent) => (agent.bus.coordinator ? [agent.bus.coordinator.status()] : []));
      const fleet = fleets[0]
        ? { ...fleets[0], rooms: fleets.reduce((sum, status) => sum + status.rooms, 0) }
        : undefined;
      return {
        status: healthy ? ('healthy' as const) : ('unhealthy' as const),
        uptimeSec: Math.round((Date.now() - startedAt) / 1000),
        ...(fleet ? { fleet } : {}),
        agents: report,
      };
    },
  });
}
