import { bigint, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Model calls summed per agent, UTC day, room, model type, provider and
 * model (the SQLite dialect's table, in PostgreSQL types): a run adds to its
 * row with an upsert, so a year of usage stays days × active rooms × models
 * rows, read by primary-key range.
 */
export const modelUsage = pgTable(
  'model_usage',
  {
    agentId: text('agent_id').notNull(),
    /** Days since 1970-01-01 (UTC). */
    day: integer('day').notNull(),
    /** '' for calls made outside rooms. */
    roomId: text('room_id').notNull(),
    modelType: text('model_type').notNull(),
    provider: text('provider').notNull(),
    /** '' when the handler reported no model. */
    model: text('model').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull(),
    failedCalls: bigint('failed_calls', { mode: 'number' }).notNull(),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull(),
    cachedInputTokens: bigint('cached_input_tokens', { mode: 'number' }).notNull(),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull(),
    durationMs: doublePrecision('duration_ms').notNull(),
    costUsd: doublePrecision('cost_usd').notNull(),
    unpricedCalls: bigint('unpriced_calls', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day, t.roomId, t.modelType, t.provider, t.model] })],
);
