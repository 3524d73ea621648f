import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiKeyMatches } from '../auth/api-key';
import { UnauthorizedError } from '../errors';
import { renderPrometheus } from '../metrics/metric-registry';
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

/** The key a scraper presents: X-API-KEY, or `Authorization: Bearer` (what Prometheus's scrape config sends). */
function scraperKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string') return header;
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return bearer?.[1];
}

/**
 * GET /api/metrics: per-operation counters and p50/p95 timings (Kith's JSON).
 * GET /metrics: the same telemetry as OpenTelemetry exports it, in the
 * Prometheus text format; it needs the server token when one is set.
 */
export function registerMetricsRoutes(
  app: ApiApp,
  { agents, httpMetrics, startedAt, telemetry, settings }: ServerContext,
): void {
  app.route({
    method: 'GET',
    url: '/metrics',
    config: { access: 'admin' },
    // The access guard checks the key as well; a scraper may send it as a bearer token.
    schema: {
      operationId: 'prometheusMetrics',
      summary:
        'Prometheus text format (0.0.4): GenAI client metrics (gen_ai_client_token_usage, gen_ai_client_operation_duration_seconds, time to first chunk) and Kith turn metrics',
      tags: ['operations'],
      response: {
        200: z.string().describe('Prometheus text exposition (text/plain; version=0.0.4)'),
        401: errorBodySchema.describe('A server token is set and the request did not carry it'),
      },
    },
    handler: async (request, reply) => {
      if (settings.authToken) {
        const key = scraperKey(request);
        if (key === undefined || !apiKeyMatches(key, settings.authToken)) throw new UnauthorizedError();
      }
      return reply.type('text/plain; version=0.0.4; charset=utf-8').send(renderPrometheus(telemetry.registry));
    },
  });

  app.route({
    method: 'GET',
    url: '/api/metrics',
    config: { access: 'admin' },
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
