import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import { agentParamsSchema, errorBodySchema, uuidSchema } from '../http/schemas';
import { readLoggedRuns } from '../runs/logged-runs';
import { summarizeRun, type RunRecord } from '../runs/run-record';
import type { ServerContext } from '../server-context';
import { ResourceNotFoundError } from '../errors';

const tokensSchema = z.object({
  prompt: z.number(),
  completion: z.number(),
  total: z.number(),
  cached: z.number().optional().meta({ description: 'Of prompt, tokens served from the provider cache' }),
});
const totalTokensSchema = z.object({
  prompt: z.number(),
  completion: z.number(),
  total: z.number(),
  cached: z.number(),
});

const runSummaryFields = {
  runId: z.string(),
  agentId: z.string(),
  roomId: z.string().optional(),
  messageId: z.string().optional(),
  entityId: z.string().optional(),
  status: z.enum(['started', 'completed', 'timeout', 'error', 'discarded']),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  durationMs: z.number().optional(),
  error: z.string().optional(),
  source: z.enum(['memory', 'log']),
  totals: z.object({
    modelCalls: z.number(),
    modelMs: z.number(),
    tokens: totalTokensSchema,
    costUsd: z.number(),
    actions: z.array(z.string()),
  }),
  truncated: z.boolean(),
};

const runEventSchema = z.object({
  type: z.string().meta({
    description:
      'RUN_STARTED, PROVIDER_COMPLETED, MODEL_USED, ACTION_STARTED, ACTION_COMPLETED, EVALUATOR_STARTED, EVALUATOR_COMPLETED, RUN_ENDED, RUN_TIMEOUT',
  }),
  at: z.number(),
  offsetMs: z.number(),
  name: z.string().optional(),
  plugin: z.string().optional().meta({ description: 'The plugin that registered the action, evaluator or provider' }),
  provider: z.string().optional(),
  durationMs: z.number().optional(),
  success: z.boolean().optional(),
  error: z.string().optional(),
  tokens: tokensSchema.optional(),
  promptChars: z.number().optional(),
  model: z.string().optional(),
  costUsd: z.number().optional(),
  overBudget: z
    .boolean()
    .optional()
    .meta({ description: 'Answered by the offline model because MAX_DAILY_COST_USD was reached' }),
  prompt: z.string().optional().meta({ description: 'Only with LOG_PROMPTS_TO_DB=true' }),
  response: z.string().optional().meta({ description: 'Only with LOG_PROMPTS_TO_DB=true' }),
});

const runSummarySchema = z.object({ ...runSummaryFields, eventCount: z.number() });
const runRecordSchema = z.object({ ...runSummaryFields, events: z.array(runEventSchema) });

/** How far back GET /runs/:runId searches the logs table for a run the server did not record. */
const LOG_LOOKUP_WINDOW = 500;

/** GET /api/agents/:agentId/runs and /runs/:runId: recent turns with their timelines. */
export function registerRunRoutes(app: ApiApp, { agents }: ServerContext): void {
  app.route({
    method: 'GET',
    url: '/api/agents/:agentId/runs',
    config: { access: 'admin' },
    schema: {
      operationId: 'listRuns',
      summary: "The agent's recent runs, newest first (recorded live; older ones from the logs table)",
      tags: ['runs'],
      params: agentParamsSchema,
      querystring: z.strictObject({
        roomId: uuidSchema.optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      }),
      response: {
        200: z.object({ runs: z.array(runSummarySchema) }).describe('Run summaries'),
        404: errorBodySchema.describe('No such agent'),
      },
    },
    handler: async ({ params, query }) => {
      const agent = agents.require(params.agentId);
      const runs: RunRecord[] = agent.runs.list({ roomId: query.roomId }).slice(0, query.limit);
      // Always merged with the logs table: another server of a fleet may have newer runs than this one's ring.
      const known = new Set(runs.map((run) => run.runId));
      const logged = await readLoggedRuns(agent.runtime, { roomId: query.roomId, count: query.limit });
      runs.push(...logged.filter((run) => !known.has(run.runId)));
      // Runs of other processes (a fleet, a restart) interleave with this one's: newest start first.
      runs.sort((a, b) => b.startedAt - a.startedAt);
      return { runs: runs.slice(0, query.limit).map(summarizeRun) };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/agents/:agentId/runs/:runId',
    config: { access: 'admin' },
    schema: {
      operationId: 'getRun',
      summary:
        'One run with its timeline: RUN_*, PROVIDER_COMPLETED, MODEL_USED (tokens, durations), ACTION_*, EVALUATOR_*',
      tags: ['runs'],
      params: z.strictObject({ agentId: uuidSchema, runId: uuidSchema }),
      response: { 200: runRecordSchema.describe('The run'), 404: errorBodySchema.describe('No such agent or run') },
    },
    handler: async ({ params }) => {
      const agent = agents.require(params.agentId);
      const recorded = agent.runs.get(params.runId);
      if (recorded) return recorded;
      const logged = (await readLoggedRuns(agent.runtime, { count: LOG_LOOKUP_WINDOW })).find(
        (run) => run.runId === params.runId,
      );
      if (logged) return logged;
      throw new ResourceNotFoundError('run', params.runId, 'the server keeps the most recent runs of each agent');
    },
  });
}
