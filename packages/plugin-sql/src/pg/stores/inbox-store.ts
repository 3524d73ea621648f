import { randomUUID } from 'node:crypto';
import type { InboundMessage, InboxAcceptance, InboxEntry, InboxState, Memory, PendingInboundParams, UUID } from '@kith/core';
import { EMBEDDING_DIMENSIONS } from '../../shared/vectors/embedding-dimensions';
import { vectorColumn } from '../vectors/pgvector-columns';
import { toVectorLiteral } from '../vectors/vector-literal';
import type { PgAgentDimension } from './agent-dimension';
import { MEMORY_SELECT, type PgMemoryRow, pgRowsToMemories } from './memory-row';
import { hasNearDuplicate, memoryRowOf, vectorOf } from './memory-writes';
import type { PgStoreContext } from './store-context';

type EntryRow = [seq: number, messageId: string, roomId: string, body: string | null, state: InboxState, acceptedAt: number, answeredAt: number | null];

const ENTRY_COLUMNS = 'seq, message_id, room_id, body::text, state, accepted_at, answered_at';

function toEntry(row: EntryRow): InboxEntry {
  return {
    seq: Number(row[0]),
    messageId: row[1] as UUID,
    roomId: row[2] as UUID,
    body: row[3] === null ? null : (JSON.parse(row[3]) as Record<string, unknown>),
    state: row[4],
    acceptedAt: Number(row[5]),
    answeredAt: row[6] === null ? null : Number(row[6]),
  };
}

const ACCEPT_ENTRY = `INSERT INTO inbox (agent_id, message_id, room_id, body, state, accepted_at)
  VALUES ($1, $2, $3, $4::jsonb, 'accepted', $5) ON CONFLICT (agent_id, message_id) DO NOTHING
  RETURNING ${ENTRY_COLUMNS}`;

/**
 * The acceptance statement: the entry, and the memory only when the entry
 * is new, in one round trip. Memory parameters follow the entry's ($6 on):
 * id, agent, entity, room, world, content, metadata, is_unique, created_at,
 * dimension, embedding, [vector text with pgvector], and last the writer
 * mark, which makes the memory this process's own write (its caches take it
 * without reading the room again).
 */
function acceptStatement(withMemory: boolean, pgvector: boolean, extension?: AcceptExtension): { text: string; name: string } {
  const ctes = [`inb AS (${ACCEPT_ENTRY})`];
  let next = 6;
  let name = 'kith_inbox_accept';
  if (withMemory) {
    const columns = ['id', 'agent_id', 'type', 'entity_id', 'room_id', 'world_id', 'content', 'metadata', 'is_unique', 'created_at', 'dimension', 'embedding'];
    const values = ['$6', '$7', "'messages'", '$8', '$9', '$10', '$11::jsonb', '$12::jsonb', '$13::boolean', '$14::int8', '$15::int4', '$16::bytea'];
    let writer = '$17';
    if (pgvector) {
      for (const dims of EMBEDDING_DIMENSIONS) {
        columns.push(vectorColumn(dims));
        values.push(`CASE WHEN $15::int4 = ${dims} THEN $17::text::vector(${dims}) END`);
      }
      writer = '$18';
    }
    ctes.push(`mem AS (INSERT INTO memories (${columns.join(', ')})
    SELECT ${values.join(', ')} WHERE EXISTS (SELECT 1 FROM inb) AND (SELECT set_config('kith.writer', ${writer}::text, true)) IS NOT NULL
    ON CONFLICT (id) DO NOTHING RETURNING seq)`);
    next = pgvector ? 19 : 18;
    name = `kith_inbox_accept_memory_${Number(pgvector)}`;
  }
  const seq = withMemory ? '(SELECT seq FROM mem)' : 'NULL::bigint';
  if (!extension) return { text: `WITH ${ctes.join(', ')} SELECT inb.*, ${seq} FROM inb`, name };
  const extra = extension.sql(next);
  return { text: `WITH ${[...ctes, ...extra.ctes].join(', ')} SELECT inb.*, ${seq}, ${extra.columns} FROM inb${extra.from}`, name: `${name}_${extension.name}` };
}

/**
 * More CTEs and result columns for the acceptance statement, from another
 * module (the fleet's lease lookup), in the same round trip. Its parameters
 * start at `firstParam` ($1 agent, $2 message id, $3 room, $5 accepted at
 * are the entry's).
 */
export interface AcceptExtension {
  /** Part of the prepared statement's name: one shape per name. */
  name: string;
  sql(firstParam: number): { ctes: string[]; columns: string; from: string };
  values: unknown[];
}

/**
 * The memory's row, checked as createMemory checks it: its vector against
 * the agent's dimension, and, unless `memory.unique` says, unique when no
 * memory of the room is a near duplicate.
 */
async function acceptedMemoryRow(ctx: PgStoreContext, dims: PgAgentDimension, memory: Memory): Promise<{ row: PgMemoryRow; vector: Float32Array | null }> {
  const vector = vectorOf(memory.embedding);
  const agentId = memory.agentId ?? ctx.agentId;
  let unique = memory.unique ?? true;
  if (vector) {
    await dims.checkWrite(vector.length);
    if (memory.unique === undefined) unique = !(await hasNearDuplicate(ctx, agentId, 'messages', memory.roomId, vector));
  }
  return { row: memoryRowOf({ ...memory, id: memory.id ?? (randomUUID() as UUID) }, agentId, 'messages', unique, vector), vector };
}

/**
 * Records the message as accepted and stores its memory (table `messages`)
 * in one statement, the memory only if the entry is new; settles once
 * committed. Idempotent on (agent, message id).
 */
export async function acceptInbound(
  ctx: PgStoreContext,
  dims: PgAgentDimension,
  message: InboundMessage,
  memory?: Memory,
  extension?: AcceptExtension,
): Promise<InboxAcceptance & { extra?: unknown[] }> {
  const { conn, agentId } = ctx;
  const pgvector = conn.vectorMode === 'pgvector';
  const values: unknown[] = [agentId, message.messageId, message.roomId, JSON.stringify(message.body), message.acceptedAt ?? Date.now()];
  const accepted = memory ? await acceptedMemoryRow(ctx, dims, memory) : undefined;
  const row = accepted?.row;
  if (row) {
    const [, id, memoryAgent, , entityId, roomId, worldId, content, metadata, isUnique, createdAt, dimension, blob] = row;
    values.push(id, memoryAgent, entityId, roomId, worldId, content, metadata, isUnique === 1, createdAt, dimension, blob);
    if (pgvector) values.push(accepted?.vector ? toVectorLiteral(accepted.vector) : null);
    values.push(conn.feed.writer);
  }
  const statement = acceptStatement(row !== undefined, pgvector, extension);
  if (extension) values.push(...extension.values);
  const { rows } = await conn.driver.query<[...EntryRow, number | null, ...unknown[]]>({ ...statement, values, rowMode: 'array' });
  if (rows.length > 0) {
    const seq = rows[0][7];
    const stored = row !== undefined && seq !== null;
    if (row && stored) {
      row[0] = Number(seq);
      conn.committed({ inserted: [row], vectors: [] });
    }
    const entry = toEntry(rows[0].slice(0, 7) as EntryRow);
    return extension ? { entry, created: true, stored, extra: rows[0].slice(8) } : { entry, created: true, stored };
  }
  // Accepted before (or by a concurrent call that committed first): the entry as it is.
  const existing = await conn.driver.query<EntryRow>({
    text: `SELECT ${ENTRY_COLUMNS} FROM inbox WHERE agent_id = $1 AND message_id = $2`,
    values: [agentId, message.messageId],
    rowMode: 'array',
  });
  return { entry: toEntry(existing.rows[0]), created: false, stored: false };
}

/** Moves an accepted entry to answered; joins the write batch, so it commits with the reply written in the same turn. */
export function markInboundAnswered(ctx: PgStoreContext, messageId: UUID): Promise<boolean> {
  return ctx.conn.writes.submit<boolean>({ kind: 'answered', agentId: ctx.agentId, messageId, at: Date.now() });
}

/** This agent's accepted entries, oldest first (by arrival). */
export async function getPendingInbound(ctx: PgStoreContext, params: PendingInboundParams = {}): Promise<InboxEntry[]> {
  const limit = params.limit !== undefined && Number.isFinite(params.limit) && params.limit > 0 ? Math.floor(params.limit) : null;
  const { rows } =
    params.roomId === undefined
      ? await ctx.conn.driver.query<EntryRow>({
          text: `SELECT ${ENTRY_COLUMNS} FROM inbox WHERE agent_id = $1 AND state = 'accepted' ORDER BY seq LIMIT $2`,
          values: [ctx.agentId, limit],
          rowMode: 'array',
        })
      : await ctx.conn.driver.query<EntryRow>({
          text: `SELECT ${ENTRY_COLUMNS} FROM inbox WHERE room_id = $1 AND state = 'accepted' AND agent_id = $2 ORDER BY seq LIMIT $3`,
          values: [params.roomId, ctx.agentId, limit],
          rowMode: 'array',
        });
  return rows.map(toEntry);
}

/** This agent's memories whose content.inReplyTo is `inReplyTo`, oldest first (by the partial index memories_in_reply_to_idx). */
export async function getRepliesTo(ctx: PgStoreContext, inReplyTo: UUID): Promise<Memory[]> {
  const { rows } = await ctx.conn.driver.query<PgMemoryRow>({
    text: `${MEMORY_SELECT} WHERE (m.content ->> 'inReplyTo') = $1 AND m.agent_id = $2 ORDER BY m.created_at, m.seq`,
    values: [inReplyTo, ctx.agentId],
    name: 'kith_replies_to',
    rowMode: 'array',
  });
  return pgRowsToMemories(rows);
}
