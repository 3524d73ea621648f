import { type Agent, stringToUuid, type UUID } from '@kith/core';
import { eq, sql } from 'drizzle-orm';
import { SqlInvalidArgumentError } from '../../errors';
import type { AgentUpdateResult } from '../../shared/adapter/dialect-stores';
import { AGENT_OWNED_TABLES } from '../../shared/agents/agent-owned-tables';
import { agentFromColumns, detailsOf, mergeDetails } from '../../shared/agents/agent-details';
import { type AgentDetails, agents } from '../schema';
import { deleteMemoriesWhere } from './memory-writes';
import { preparedQuery } from './prepared-query';
import type { StoreContext } from './store-context';

export function getAgent(ctx: StoreContext, agentId: UUID): Agent | null {
  const query = preparedQuery(ctx, 'agentById', (db) =>
    db
      .select()
      .from(agents)
      .where(eq(agents.id, sql.placeholder('id')))
      .prepare(),
  );
  const row = query.get({ id: agentId });
  return row ? agentFromColumns(row) : null;
}

export function getAgents(ctx: StoreContext): Partial<Agent>[] {
  return ctx.conn.db.select().from(agents).orderBy(agents.createdAt).all().map(agentFromColumns);
}

/** Inserts the agent; false when one with this id exists. The id defaults to stringToUuid(name). */
export function createAgent(ctx: StoreContext, agent: Partial<Agent>, embeddingDimension: number | null): boolean {
  if (!agent.name && !agent.id) throw new SqlInvalidArgumentError('createAgent', 'the agent needs an id or a name');
  const now = Date.now();
  const result = ctx.conn.db
    .insert(agents)
    .values({
      id: agent.id ?? stringToUuid(agent.name as string),
      name: agent.name ?? (agent.id as string),
      username: agent.username ?? null,
      enabled: agent.enabled ?? true,
      status: agent.status ?? null,
      embeddingDimension,
      details: detailsOf(agent),
      createdAt: agent.createdAt ?? now,
      updatedAt: agent.updatedAt ?? now,
    })
    .onConflictDoNothing()
    .run();
  return result.changes > 0;
}

/** Merges `patch` into the stored agent. False when there is no such agent. */
export function updateAgent(ctx: StoreContext, agentId: UUID, patch: Partial<Agent>): boolean {
  const row = ctx.conn.db.select().from(agents).where(eq(agents.id, agentId)).get();
  if (!row) return false;
  const details: AgentDetails = mergeDetails(row.details, patch);
  ctx.conn.db
    .update(agents)
    .set({
      name: patch.name ?? row.name,
      username: patch.username ?? row.username,
      enabled: patch.enabled ?? row.enabled,
      status: patch.status ?? row.status,
      details,
      updatedAt: Math.max(Date.now(), row.updatedAt),
    })
    .where(eq(agents.id, agentId))
    .run();
  return true;
}

/** updateAgent when `expected` holds for the stored agent, in one write transaction (another process waits for its lock). */
export function updateAgentIf(
  ctx: StoreContext,
  agentId: UUID,
  patch: Partial<Agent>,
  expected: (stored: Agent) => boolean,
): AgentUpdateResult {
  return ctx.conn.write(() => {
    const row = ctx.conn.db.select().from(agents).where(eq(agents.id, agentId)).get();
    if (!row) return 'absent';
    if (!expected(agentFromColumns(row))) return 'refused';
    updateAgent(ctx, agentId, patch);
    return 'updated';
  });
}

/** Deletes the agent and every row it owns (its memories with their vectors first). */
export function deleteAgent(ctx: StoreContext, agentId: UUID): boolean {
  return ctx.conn.write(() => {
    deleteMemoriesWhere(ctx, 'm.agent_id = ?', agentId);
    for (const table of AGENT_OWNED_TABLES) {
      if (table !== 'memories') ctx.conn.run(`DELETE FROM ${table} WHERE agent_id = ?`, agentId);
    }
    return ctx.conn.db.delete(agents).where(eq(agents.id, agentId)).run().changes > 0;
  });
}
