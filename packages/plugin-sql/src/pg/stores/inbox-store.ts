import { randomUUID } from 'node:crypto';
import type { InboundMessage, InboxEntry, Memory, PendingInboundParams, UUID } from '@kith/core';
import type { AcceptResult, AcceptWrite } from '../connection/write-queue';
import { toVectorLiteral } from '../vectors/vector-literal';
import type { PgAgentDimension } from './agent-dimension';
import { ENTRY_COLUMNS, type EntryRow, toEntry } from './inbox-entry-row';
import { MEMORY_SELECT, type PgMemoryRow, pgRowsToMemories } from './memory-row';
import { hasNearDuplicate, memoryRowOf, vectorOf } from './memory-writes';
import type { PgStoreContext } from './store-context';

/** The memory's row as stored with its entry (unique unless `memory.unique` says otherwise, or a near duplicate is found). */
function acceptedRow(ctx: PgStoreContext, memory: Memory, vector: Float32Array | null, unique: boolean): PgMemoryRow {
  return memoryRowOf(
    { ...memory, id: memory.id ?? randomUUID() },
    memory.agentId ?? ctx.agentId,
    'messages',
    unique,
    vector,
  );
}

/**
 * Records the message as accepted and stores its memory (table `messages`),
 * the memory only if the entry is new; settles once committed. Acceptances
 * join the write queue: concurrent ones (many rooms at once) share one
 * statement with the other writes of their turn of the event loop. A memory
 * with a vector is checked first as createMemory checks it (the agent's
 * dimension; unless `memory.unique` says, unique when no memory of the room
 * is a near duplicate). Idempotent on (agent, message id). With `lease` (a
 * fleet server's id) the same statement also reads or takes the room's
 * lease (AcceptResult.lease, for an entry it created).
 */
export function acceptInbound(
  ctx: PgStoreContext,
  dims: PgAgentDimension,
  message: InboundMessage,
  memory?: Memory,
  lease?: string,
): Promise<AcceptResult> {
  const { conn, agentId } = ctx;
  const accept = (row: PgMemoryRow | null, vector: Float32Array | null): AcceptWrite => ({
    kind: 'accept',
    agentId,
    messageId: message.messageId,
    roomId: message.roomId,
    body: JSON.stringify(message.body),
    acceptedAt: message.acceptedAt ?? Date.now(),
    memory: row,
    vectorLiteral: vector && conn.vectorMode === 'pgvector' ? toVectorLiteral(vector) : null,
    ...(lease !== undefined ? { lease } : {}),
  });
  const vector = memory ? vectorOf(memory.embedding) : null;
  // Without a vector nothing needs reading first: the acceptance joins the queue at once (the common case).
  if (!memory || !vector)
    return conn.writes.submit<AcceptResult>(
      accept(memory ? acceptedRow(ctx, memory, null, memory.unique ?? true) : null, null),
    );
  return conn.writes.submitPrepared<AcceptResult>(async () => {
    await dims.checkWrite(vector.length);
    const unique =
      memory.unique ?? !(await hasNearDuplicate(ctx, memory.agentId ?? agentId, 'messages', memory.roomId, vector));
    return accept(acceptedRow(ctx, memory, vector, unique), vector);
  });
}

/** Moves an accepted entry to answered; joins the write batch, so it commits with the reply written in the same turn. */
export function markInboundAnswered(ctx: PgStoreContext, messageId: UUID): Promise<boolean> {
  return ctx.conn.writes.submit<boolean>({ kind: 'answered', agentId: ctx.agentId, messageId, at: Date.now() });
}

/** This agent's accepted entries, oldest first (by arrival). */
export async function getPendingInbound(ctx: PgStoreContext, params: PendingInboundParams = {}): Promise<InboxEntry[]> {
  const limit =
    params.limit !== undefined && Number.isFinite(params.limit) && params.limit > 0 ? Math.floor(params.limit) : null;
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
