import { z } from 'zod';
import { summarizeRecorders } from '../metrics/metrics-recorder';
import { SAMPLE_WINDOW } from '../metrics/operation-stats';
import type { ApiApp } from '../http/api-app';
import { errorBodySchema, uuidSchema } from '../http/schemas';
import type { ServerContext } from '../server-context';

const summarySchema = z.object({
  count: z.number(),
  errors: z.number(),
  meanMs: z.number(),
  p50Ms: z.number(),
  p95Ms: z.number(),
  maxMs: z.number(),
  tokens: z.object({ prompt: z.number(), completion: z.number(), total: z.number() }).optional(),
  plugin: z.string().optional().describe('The plugin that registered the provider, action or evaluator'),
});

/** GET /api/metrics: per-operation counters and p50/p95 timings. */
export function registerMetricsRoutes(app: ApiApp, { agents, httpMetrics, startedAt }: ServerContext): void {
  app.route({
    method: 'GET',
    url: '/api/metrics',
    schema: {
      operationId: 'metrics',
      summary:
        'Per-operation counts, errors and p50/p95 timings: model:<TYPE>, provider:<NAME>, action:<NAME>, evaluator:<NAME>, database:<method>, run, http:<route>',
      description: `Counts and means cover every call since the server started; percentiles the last ${SAMPLE_WINDOW} calls of each operation. With agentId, only that agent's operations (no http:*).`,
      tags: ['operations'],
      querystring: z.strictObject({ agentId: uuidSchema.optional() }),
      response: {
        200: z
          .object({
            uptimeSec: z.number(),
            agents: z.number(),
            sampleWindow: z.number(),
            operations: z.record(z.string(), summarySchema),
          })
          .describe('Operations by name'),
        404: errorBodySchema.describe('No such agent'),
      },
    },
    handler: async ({ query }) => {
      const selected = query.agentId ? [agents.require(query.agentId)] : agents.all;
      const recorders = selected.map((agent) => agent.metrics);
      if (!query.agentId) recorders.push(httpMetrics);
      return {
        uptimeSec: Math.round((Date.now() - startedAt) / 1000),
        agents: selected.length,
        sampleWindow: SAMPLE_WINDOW,
        operations: summarizeRecorders(recorders),
      };
    },
  });
}
