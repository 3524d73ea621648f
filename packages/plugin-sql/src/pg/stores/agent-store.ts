import { type Agent, stringToUuid, type UUID } from '@kith/core';
import type { AgentUpdateResult } from '../../shared/adapter/dialect-stores';
import { AGENT_OWNED_TABLES } from '../../shared/agents/agent-owned-tables';
import { agentFromColumns, type AgentRecord, detailsOf, mergeDetails } from '../../shared/agents/agent-details';
import { SqlInvalidArgumentError } from '../../errors';
import type { PgQueryRunner } from '../connection/pg-driver';
import { selectAs } from './select-as';
import type { PgStoreContext } from './store-context';

const SELECT = selectAs('id, name, username, enabled, status, details, created_at, updated_at');

export async function getAgent(ctx: PgStoreContext, agentId: UUID): Promise<Agent | null> {
  const { rows } = await ctx.conn.driver.query<AgentRecord>({
    text: `SELECT ${SELECT} FROM agents WHERE id = $1`,
    values: [agentId],
    name: 'kith_agent_by_id',
  });
  return rows[0] ? agentFromColumns(rows[0]) : null;
}

export async function getAgents(ctx: PgStoreContext): Promise<Partial<Agent>[]> {
  const { rows } = await ctx.conn.driver.query<AgentRecord>({
    text: `SELECT ${SELECT} FROM agents ORDER BY created_at`,
  });
  return rows.map(agentFromColumns);
}

/** Inserts the agent; false when one with this id exists. The id defaults to stringToUuid(name). */
export async function createAgent(
  ctx: PgStoreContext,
  agent: Partial<Agent>,
  embeddingDimension: number | null,
): Promise<boolean> {
  if (!agent.name && !agent.id) throw new SqlInvalidArgumentError('createAgent', 'the agent needs an id or a name');
  const now = Date.now();
  const { rowCount } = await ctx.conn.driver.query({
    text: `INSERT INTO agents (id, name, username, enabled, status, embedding_dimension, details, created_at, updated_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
    values: [
      agent.id ?? stringToUuid(agent.name as string),
      agent.name ?? agent.id,
      agent.username ?? null,
      agent.enabled ?? true,
      agent.status ?? null,
      embeddingDimension,
      JSON.stringify(detailsOf(agent)),
      agent.createdAt ?? now,
      agent.updatedAt ?? now,
    ],
  });
  return rowCount > 0;
}

/** Merges `patch` into the stored agent (row locked meanwhile, so concurrent updates do not lose each other). False when absent. */
export async function updateAgent(ctx: PgStoreContext, agentId: UUID, patch: Partial<Agent>): Promise<boolean> {
  return (await updateAgentIf(ctx, agentId, patch, () => true)) === 'updated';
}

/** updateAgent when `expected` holds for the stored agent, read with the row locked (FOR UPDATE). */
export function updateAgentIf(
  ctx: PgStoreContext,
  agentId: UUID,
  patch: Partial<Agent>,
  expected: (stored: Agent) => boolean,
): Promise<AgentUpdateResult> {
  return ctx.conn.driver.transaction(async (tx) => {
    const { rows } = await tx.query<AgentRecord>({
      text: `SELECT ${SELECT} FROM agents WHERE id = $1 FOR UPDATE`,
      values: [agentId],
    });
    const row = rows[0];
    if (!row) return 'absent';
    if (!expected(agentFromColumns(row))) return 'refused';
    await tx.query({
      text: 'UPDATE agents SET name = $2, username = $3, enabled = $4, status = $5, details = $6, updated_at = $7 WHERE id = $1',
      values: [
        agentId,
        patch.name ?? row.name,
        patch.username ?? row.username,
        patch.enabled ?? row.enabled,
        patch.status ?? row.status,
        JSON.stringify(mergeDetails(row.details, patch)),
        Math.max(Date.now(), Number(row.updatedAt)),
      ],
    });
    return 'updated';
  });
}

/** Deletes the agent and every row it owns, in one transaction, after this process's queued writes. */
export async function deleteAgent(ctx: PgStoreContext, agentId: UUID): Promise<boolean> {
  // Writes still queued (the agent's own among them) land first, so none outlives the delete.
  await ctx.conn.writes.settled(true);
  const deleted = await ctx.conn.driver.transaction(async (tx: PgQueryRunner) => {
    for (const table of AGENT_OWNED_TABLES)
      await tx.query({ text: `DELETE FROM ${table} WHERE agent_id = $1`, values: [agentId] });
    return (await tx.query({ text: 'DELETE FROM agents WHERE id = $1', values: [agentId] })).rowCount > 0;
  });
  ctx.conn.graph.clear();
  ctx.conn.recent.clear();
  ctx.conn.vectors?.clear();
  return deleted;
}
