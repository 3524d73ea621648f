import { z } from 'zod';
import type { RunStatus } from '../../types/events';
import type { UUID } from '../../types/primitives';

// Loaded on demand (see readRunLogBody in run-log-record.ts): core's other users never need zod.
const RUN_STATUSES = ['started', 'completed', 'timeout', 'error', 'discarded'] as const satisfies readonly RunStatus[];
// Reading back is lenient field by field: a record written by an older version (or by elizaOS) keeps what is usable.
const count = z.number().catch(0);
const optionalNumber = z.number().optional().catch(undefined);
const optionalText = z.string().min(1).optional().catch(undefined);
const optionalId = optionalText as unknown as z.ZodType<UUID | undefined>;

export const runLogModelUsageSchema = z.object({
  modelType: z.string().catch(''),
  provider: z.string().catch(''),
  calls: count,
  failed: count,
  promptChars: count,
  durationMs: count,
  promptTokens: optionalNumber,
  completionTokens: optionalNumber,
  totalTokens: optionalNumber,
  model: z.string().optional().catch(undefined),
  cachedInputTokens: optionalNumber,
  costUsd: optionalNumber,
  unpricedCalls: optionalNumber,
  overBudget: optionalNumber,
});

/** Reads a `run_event` body back: `runId` is required; any other field that is missing or malformed is dropped (status: `completed`). */
export const runLogBodySchema = z.object({
  runId: z.string().min(1) as unknown as z.ZodType<UUID>,
  status: z.enum(RUN_STATUSES).catch('completed'),
  messageId: optionalId,
  roomId: optionalId,
  entityId: optionalId,
  startTime: optionalNumber,
  endTime: optionalNumber,
  duration: optionalNumber,
  source: optionalText,
  error: optionalText,
  models: z
    .array(z.unknown())
    .optional()
    .catch(undefined)
    .transform((list) =>
      list?.flatMap((item) => {
        const usage = runLogModelUsageSchema.safeParse(item);
        return usage.success ? [usage.data] : [];
      }),
    ),
});
