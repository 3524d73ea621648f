import { type Agent, stringToUuid, type UUID } from '@kith/core';
import { eq, sql } from 'drizzle-orm';
import { SqlInvalidArgumentError } from '../errors';
import { type AgentDetails, agents } from '../schema';
import { deleteAgentRows } from './agent-rows';
import { preparedQuery } from './prepared-query';
import type { StoreContext } from './store-context';

type AgentRow = typeof agents.$inferSelect;

/** Character fields with a column of their own; the rest goes to `details`. */
const COLUMN_FIELDS = new Set(['id', 'name', 'username', 'enabled', 'status', 'createdAt', 'updatedAt']);
/** Merged one level deep by updateAgent (a null value removes the key), as elizaOS does. */
const NESTED_FIELDS = new Set(['settings', 'secrets']);

function detailsOf(agent: Partial<Agent>): AgentDetails {
  return Object.fromEntries(Object.entries(agent).filter(([key, value]) => !COLUMN_FIELDS.has(key) && value !== undefined));
}

function toAgent(row: AgentRow): Agent {
  return {
    ...(row.details as Partial<Agent>),
    id: row.id as UUID,
    name: row.name,
    ...(row.username === null ? {} : { username: row.username }),
    enabled: row.enabled,
    ...(row.status === 'active' || row.status === 'inactive' ? { status: row.status } : {}),
    bio: (row.details.bio as Agent['bio'] | undefined) ?? '',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function getAgent(ctx: StoreContext, agentId: UUID): Agent | null {
  const query = preparedQuery(ctx, 'agentById', (db) => db.select().from(agents).where(eq(agents.id, sql.placeholder('id'))).prepare());
  const row = query.get({ id: agentId });
  return row ? toAgent(row) : null;
}

export function getAgents(ctx: StoreContext): Partial<Agent>[] {
  return ctx.conn.db.select().from(agents).orderBy(agents.createdAt).all().map(toAgent);
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
  const details: AgentDetails = { ...row.details };
  for (const [key, value] of Object.entries(detailsOf(patch))) {
    details[key] = NESTED_FIELDS.has(key) && isRecord(value) ? mergeNested(details[key], value) : value;
  }
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

/** Deletes the agent and every row it owns. */
export function deleteAgent(ctx: StoreContext, agentId: UUID): boolean {
  return ctx.conn.write(() => {
    deleteAgentRows(ctx, agentId);
    return ctx.conn.db.delete(agents).where(eq(agents.id, agentId)).run().changes > 0;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeNested(current: unknown, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = isRecord(current) ? { ...current } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
