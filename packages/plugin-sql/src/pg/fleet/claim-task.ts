import type { UUID } from '@kith/core';
import type { PgStoreContext } from '../stores/store-context';

/**
 * Marks the task claimed now (metadata.claimedAt, database clock) unless it
 * was claimed within the last max(intervalMs, leaseMs): one statement, so of
 * several servers due at once exactly one wins.
 */
const CLAIM = `UPDATE tasks SET metadata = jsonb_set(metadata, '{claimedAt}', to_jsonb(floor(extract(epoch FROM clock_timestamp()) * 1000)))
  WHERE id = $1 AND agent_id = $2
    AND coalesce((metadata ->> 'claimedAt')::float8, 0) <= extract(epoch FROM clock_timestamp()) * 1000 - $3::float8
  RETURNING 1`;

export async function claimTask(
  ctx: PgStoreContext,
  id: UUID,
  params: { intervalMs: number; leaseMs: number },
): Promise<boolean> {
  const window = Math.max(0, params.intervalMs, params.leaseMs);
  const { rows } = await ctx.conn.driver.query({ text: CLAIM, values: [id, ctx.agentId, window] });
  return rows.length > 0;
}
