import type { Agent } from '@kith/core';

/** Everything of the character that has no column of its own (bio, system, templates, settings...). */
export type AgentDetailsRecord = Record<string, unknown>;

/** Character fields with a column of their own; the rest goes to `details`. */
const COLUMN_FIELDS = new Set(['id', 'name', 'username', 'enabled', 'status', 'createdAt', 'updatedAt']);
/** Merged one level deep by updateAgent (a null value removes the key), as elizaOS does. */
const NESTED_FIELDS = new Set(['settings', 'secrets']);

/** The agent's fields that are stored in `details`. */
export function detailsOf(agent: Partial<Agent>): AgentDetailsRecord {
  return Object.fromEntries(
    Object.entries(agent).filter(([key, value]) => !COLUMN_FIELDS.has(key) && value !== undefined),
  );
}

/** `stored` details with `patch` applied as updateAgent does (settings and secrets merged one level deep). */
export function mergeDetails(stored: AgentDetailsRecord, patch: Partial<Agent>): AgentDetailsRecord {
  const details: AgentDetailsRecord = { ...stored };
  for (const [key, value] of Object.entries(detailsOf(patch))) {
    details[key] = NESTED_FIELDS.has(key) && isRecord(value) ? mergeNested(details[key], value) : value;
  }
  return details;
}

/** An agents row as both dialects read it (camelCase names; PostgreSQL's int8 may arrive as text). */
export interface AgentRecord {
  id: string;
  name: string;
  username: string | null;
  enabled: boolean;
  status: string | null;
  details: AgentDetailsRecord;
  createdAt: number | string;
  updatedAt: number | string;
}

/** The columns of an agent row as an Agent. */
export function agentFromColumns(row: AgentRecord): Agent {
  return {
    ...(row.details as Partial<Agent>),
    id: row.id as Agent['id'] & string,
    name: row.name,
    ...(row.username === null ? {} : { username: row.username }),
    enabled: row.enabled,
    ...(row.status === 'active' || row.status === 'inactive' ? { status: row.status } : {}),
    bio: (row.details.bio as Agent['bio'] | undefined) ?? '',
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
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
