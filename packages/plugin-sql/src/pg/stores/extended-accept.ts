import { randomUUID } from 'node:crypto';
import type { InboundMessage, InboxAcceptance, Memory, UUID } from '@kith/core';
import { EMBEDDING_DIMENSIONS } from '../../shared/vectors/embedding-dimensions';
import { vectorColumn } from '../vectors/pgvector-columns';
import { toVectorLiteral } from '../vectors/vector-literal';
import type { PgAgentDimension } from './agent-dimension';
import { ENTRY_COLUMNS, type EntryRow, toEntry } from './inbox-entry-row';
import type { PgMemoryRow } from './memory-row';
import { hasNearDuplicate, memoryRowOf, vectorOf } from './memory-writes';
import type { PgStoreContext } from './store-context';

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

const ACCEPT_ENTRY = `INSERT INTO inbox (agent_id, message_id, room_id, body, state, accepted_at)
  VALUES ($1, $2, $3, $4::jsonb, 'accepted', $5) ON CONFLICT (agent_id, message_id) DO NOTHING
  RETURNING ${ENTRY_COLUMNS}`;

/**
 * The acceptance statement with an extension: the entry, the memory only
 * when the entry is new, and the extension's part, in one round trip.
 * Memory parameters follow the entry's ($6 on): id, agent, entity, room,
 * world, content, metadata, is_unique, created_at, dimension, embedding,
 * [vector text with pgvector], and last the writer mark, which makes the
 * memory this process's own write (its caches take it without reading the
 * room again).
 */
function acceptStatement(withMemory: boolean, pgvector: boolean, extension: AcceptExtension): { text: string; name: string } {
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
  const extra = extension.sql(next);
  return { text: `WITH ${[...ctes, ...extra.ctes].join(', ')} SELECT inb.*, ${seq}, ${extra.columns} FROM inb${extra.from}`, name: `${name}_${extension.name}` };
}

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
 * acceptInbound with an extension's part in the same statement (the fleet
 * claims the room's lease as it accepts). A statement of its own rather than
 * a member of the write batch: the extension's answer (the lease) decides
 * what happens next, per message. `extra` is the extension's columns (empty
 * when the entry existed already).
 */
export async function acceptInboundExtended(
  ctx: PgStoreContext,
  dims: PgAgentDimension,
  message: InboundMessage,
  memory: Memory | undefined,
  extension: AcceptExtension,
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
  values.push(...extension.values);
  const { rows } = await conn.driver.query<[...EntryRow, number | null, ...unknown[]]>({ ...statement, values, rowMode: 'array' });
  if (rows.length > 0) {
    const seq = rows[0][7];
    const stored = row !== undefined && seq !== null;
    if (row && stored) {
      row[0] = Number(seq);
      conn.committed({ inserted: [row], vectors: [] });
    }
    return { entry: toEntry(rows[0].slice(0, 7) as EntryRow), created: true, stored, extra: rows[0].slice(8) };
  }
  // Accepted before (or by a concurrent call that committed first): the entry as it is.
  const existing = await conn.driver.query<EntryRow>({
    text: `SELECT ${ENTRY_COLUMNS} FROM inbox WHERE agent_id = $1 AND message_id = $2`,
    values: [agentId, message.messageId],
    rowMode: 'array',
  });
  return { entry: toEntry(existing.rows[0]), created: false, stored: false };
}
