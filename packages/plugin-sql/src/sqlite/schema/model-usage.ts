import { integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Model calls summed per agent, UTC day, room, model type, provider and
 * model: a run adds to its row (an upsert) instead of adding one, so a
 * year of usage is at most days × active rooms × models rows, read by
 * primary-key range without parsing any JSON.
 */
export const modelUsage = sqliteTable(
  'model_usage',
  {
    agentId: text('agent_id').notNull(),
    /** Days since 1970-01-01 (UTC). */
    day: integer('day').notNull(),
    /** '' for calls made outside rooms (background embeddings, tasks). */
    roomId: text('room_id').notNull(),
    modelType: text('model_type').notNull(),
    provider: text('provider').notNull(),
    /** '' when the handler reported no model. */
    model: text('model').notNull(),
    calls: integer('calls').notNull(),
    failedCalls: integer('failed_calls').notNull(),
    inputTokens: integer('input_tokens').notNull(),
    cachedInputTokens: integer('cached_input_tokens').notNull(),
    outputTokens: integer('output_tokens').notNull(),
    durationMs: real('duration_ms').notNull(),
    costUsd: real('cost_usd').notNull(),
    unpricedCalls: integer('unpriced_calls').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day, t.roomId, t.modelType, t.provider, t.model] })],
);
