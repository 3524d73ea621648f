import {
  BUDGET_LOG_TYPE,
  DEFAULT_MODEL_PRICES_DATE,
  utcDay,
  type IAgentRuntime,
  type UsageQuery,
  type UsageReport,
  type UUID,
} from '@kith/core';
import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import { agentParamsSchema, errorBodySchema, uuidSchema } from '../http/schemas';
import type { ServerContext } from '../server-context';

const DAY_MS = 86_400_000;
/** Days answered when `from` is not given. */
const DEFAULT_DAYS = 30;

const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a UTC day, YYYY-MM-DD')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'must be a real day')
  .meta({ example: '2026-11-01' });

const totalsFields = {
  calls: z.number(),
  failedCalls: z.number(),
  inputTokens: z.number().meta({ description: 'Input tokens, cached ones included' }),
  cachedInputTokens: z.number().meta({ description: "Of inputTokens, those served from the provider's prompt cache" }),
  outputTokens: z.number(),
  costUsd: z
    .number()
    .meta({ description: 'USD at MODEL_PRICES (or the dated defaults) in force when each call was made' }),
  unpricedCalls: z
    .number()
    .meta({ description: 'Calls that spent tokens on a model without a price: set MODEL_PRICES to count them' }),
};

const usageSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(['day', 'room', 'model']).nullable(),
  totals: z.object(totalsFields),
  groups: z.array(
    z.object({
      key: z.string().meta({ description: "The UTC day, the room id ('' for calls outside rooms) or provider/model" }),
      label: z.string().optional().meta({ description: "A room's name" }),
      overBudget: z.boolean().optional().meta({ description: 'A day on which MAX_DAILY_COST_USD was reached' }),
      ...totalsFields,
    }),
  ),
  budget: z
    .object({
      limitUsd: z.number(),
      day: z.string(),
      spentUsd: z.number(),
      exceeded: z.boolean(),
      exceededAt: z.number().optional(),
      callsOverBudget: z.number(),
      fallback: z.enum(['offline-model', 'message']),
    })
    .nullable()
    .meta({ description: 'MAX_DAILY_COST_USD today (UTC); null when the agent has no budget' }),
  overBudgetDays: z.array(z.string()).meta({ description: 'Days in the range on which the budget was reached' }),
  pricesDate: z
    .string()
    .meta({ description: 'When the default prices were taken from OpenAI; MODEL_PRICES overrides them' }),
});

/** Days on which the agent reached its budget (budget_exceeded log records, at most one a day). */
async function overBudgetDays(runtime: IAgentRuntime, from: string, to: string): Promise<string[]> {
  try {
    const logs = await runtime.adapter.getLogs({ type: BUDGET_LOG_TYPE, count: 400 });
    const days = logs
      .map((log) => log.body.day)
      .filter((day): day is string => typeof day === 'string' && day >= from && day <= to);
    return [...new Set(days)].sort();
  } catch {
    return [];
  }
}

async function roomLabels(runtime: IAgentRuntime, report: UsageReport): Promise<Map<string, string>> {
  const ids = report.groups.map((group) => group.key).filter((key) => key !== '') as UUID[];
  const labels = new Map<string, string>();
  if (ids.length === 0) return labels;
  for (const room of (await runtime.getRoomsByIds(ids)) ?? []) if (room.name) labels.set(room.id, room.name);
  return labels;
}

/** GET /api/agents/:agentId/usage: model calls, tokens and cost over whole UTC days. */
export function registerUsageRoutes(app: ApiApp, { agents }: ServerContext): void {
  app.route({
    method: 'GET',
    url: '/api/agents/:agentId/usage',
    config: { access: 'admin' },
    schema: {
      operationId: 'getUsage',
      summary:
        "The agent's model calls, tokens (cached too) and cost over whole UTC days, totalled and grouped by day, room or model",
      tags: ['agents'],
      params: agentParamsSchema,
      querystring: z.strictObject({
        from: daySchema
          .optional()
          .meta({ description: `First UTC day; default ${DEFAULT_DAYS - 1} days before \`to\`` }),
        to: daySchema.optional().meta({ description: 'Last UTC day; default today' }),
        groupBy: z.enum(['day', 'room', 'model']).optional(),
        roomId: uuidSchema.optional(),
      }),
      response: {
        200: usageSchema.describe('Totals and groups'),
        400: errorBodySchema.describe('Bad query'),
        404: errorBodySchema.describe('No such agent'),
      },
    },
    handler: async ({ params, query }) => {
      const { runtime } = agents.require(params.agentId);
      const to = query.to ?? utcDay(Date.now());
      const from = query.from ?? utcDay(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS);
      const usageQuery: UsageQuery = {
        from,
        to,
        ...(query.groupBy ? { groupBy: query.groupBy } : {}),
        ...(query.roomId ? { roomId: query.roomId } : {}),
      };
      const empty: UsageReport = {
        totals: {
          calls: 0,
          failedCalls: 0,
          inputTokens: 0,
          cachedInputTokens: 0,
          outputTokens: 0,
          costUsd: 0,
          unpricedCalls: 0,
        },
        groups: [],
      };
      // An elizaOS adapter has no usage table: nothing to report.
      const report = runtime.adapter.getUsage ? await runtime.adapter.getUsage(usageQuery) : empty;
      const days = await overBudgetDays(runtime, from, to);
      const labels = query.groupBy === 'room' ? await roomLabels(runtime, report) : new Map<string, string>();
      return {
        from,
        to,
        groupBy: query.groupBy ?? null,
        totals: report.totals,
        groups: report.groups.map((group) => ({
          ...group,
          ...(labels.has(group.key) ? { label: labels.get(group.key) } : {}),
          ...(query.groupBy === 'day' && days.includes(group.key) ? { overBudget: true } : {}),
        })),
        budget: runtime.getCostBudget(),
        overBudgetDays: days,
        pricesDate: DEFAULT_MODEL_PRICES_DATE,
      };
    },
  });
}
