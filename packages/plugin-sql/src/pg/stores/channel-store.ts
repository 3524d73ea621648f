import type { Channel, ChannelMessage, NewChannelMessage, UUID } from '@kith/core';
import {
  appendedMessage,
  type ChannelMessageRecord,
  type ChannelRecord,
  channelPage,
  checkedMaxAgentTurns,
  noSuchChannel,
  toChannel,
  toChannelMessage,
} from '../../shared/channels/channel-rows';
import { selectAs } from './select-as';
import type { PgStoreContext } from './store-context';

// Channels are shared by every agent on the database: no statement here filters by agent. Each
// write is one statement on the pool, committed (and durable) when its promise resolves; the
// turn budget is kept by single-row UPDATEs, atomic across every server of a fleet.

const CHANNEL = selectAs('id, name, agent_ids, max_agent_turns, created_at');
const MESSAGE = selectAs('id, channel_id, seq, author_id, author_name, author_kind, text, in_reply_to, created_at');
// A person's message at `at` resets the turns unless one at `at` or later already did (monotonic).
const RESETS = (at: string) => `(c.last_person_at IS NULL OR c.last_person_at < ${at})`;

/**
 * One statement: lock the channel row (FOR UPDATE, which waits for another
 * server's append to the channel and then reads its last_seq), insert with
 * the next seq, move last_seq on and, for a person's message, reset the
 * turns. Appends to one channel so commit in seq order: a reader paging by
 * seq never skips a message committed later with a smaller seq. Nothing is
 * answered when the id exists already (or the channel does not).
 */
const APPEND = `WITH ch AS (
    SELECT last_seq FROM channels WHERE id = $2 FOR UPDATE
  ), ins AS (
    INSERT INTO channel_messages (id, channel_id, seq, author_id, author_name, author_kind, text, in_reply_to, created_at)
    SELECT $1, $2, ch.last_seq + 1, $3, $4, $5::text, $6, $7, $8::bigint FROM ch
    ON CONFLICT (id) DO NOTHING
    RETURNING seq
  ), bump AS (
    UPDATE channels c SET last_seq = ins.seq,
      agent_turns = CASE WHEN $5::text = 'person' AND ${RESETS('$8::bigint')} THEN 0 ELSE c.agent_turns END,
      person_turns = CASE WHEN $5::text = 'person' AND ${RESETS('$8::bigint')} THEN 0 ELSE c.person_turns END,
      last_person_at = CASE WHEN $5::text = 'person' AND ${RESETS('$8::bigint')} THEN $8::bigint ELSE c.last_person_at END
    FROM ins WHERE c.id = $2
  )
  SELECT seq FROM ins`;

async function readChannel(ctx: PgStoreContext, id: string): Promise<Channel | null> {
  const { rows } = await ctx.conn.driver.query<ChannelRecord>({
    text: `SELECT ${CHANNEL} FROM channels WHERE id = $1`,
    values: [id],
    name: 'kith_channel_get',
  });
  return rows[0] ? toChannel(rows[0]) : null;
}

async function readMessage(ctx: PgStoreContext, id: string): Promise<ChannelMessage | null> {
  const { rows } = await ctx.conn.driver.query<ChannelMessageRecord>({
    text: `SELECT ${MESSAGE} FROM channel_messages WHERE id = $1`,
    values: [id],
    name: 'kith_channel_message_get',
  });
  return rows[0] ? toChannelMessage(rows[0]) : null;
}

/** Creates the channel; an existing id (another server's, maybe at the same moment) is left as it is and returned. */
export async function createChannel(
  ctx: PgStoreContext,
  channel: Omit<Channel, 'createdAt'> & { createdAt?: number },
): Promise<Channel> {
  const maxAgentTurns = checkedMaxAgentTurns(channel.maxAgentTurns);
  const { rows } = await ctx.conn.driver.query<ChannelRecord>({
    text: `INSERT INTO channels (id, name, agent_ids, max_agent_turns, created_at) VALUES ($1, $2, $3, $4, $5)
      ON CONFLICT (id) DO NOTHING RETURNING ${CHANNEL}`,
    values: [
      channel.id,
      channel.name,
      JSON.stringify(channel.agentIds),
      maxAgentTurns,
      channel.createdAt ?? Date.now(),
    ],
  });
  // ON CONFLICT waited for a concurrent creator to commit, so this statement's snapshot sees its row.
  return rows[0] ? toChannel(rows[0]) : ((await readChannel(ctx, channel.id)) as Channel);
}

export function getChannel(ctx: PgStoreContext, id: UUID): Promise<Channel | null> {
  return readChannel(ctx, id);
}

/** Replaces the channel's agents; null when there is no such channel. */
export async function setChannelAgents(ctx: PgStoreContext, id: UUID, agentIds: UUID[]): Promise<Channel | null> {
  const { rows } = await ctx.conn.driver.query<ChannelRecord>({
    text: `UPDATE channels SET agent_ids = $2 WHERE id = $1 RETURNING ${CHANNEL}`,
    values: [id, JSON.stringify(agentIds)],
  });
  return rows[0] ? toChannel(rows[0]) : null;
}

/**
 * Appends the message with the channel's next seq, idempotent on its id; a
 * person's message resets the agent turns in the same statement.
 */
export async function appendChannelMessage(
  ctx: PgStoreContext,
  message: NewChannelMessage,
): Promise<{ message: ChannelMessage; created: boolean }> {
  const { rows } = await ctx.conn.driver.query<{ seq: number | string }>({
    text: APPEND,
    values: [
      message.id,
      message.channelId,
      message.authorId,
      message.authorName,
      message.authorKind,
      message.text,
      message.inReplyTo ?? null,
      message.createdAt,
    ],
    name: 'kith_channel_append',
  });
  if (rows[0]) return { message: appendedMessage(message, Number(rows[0].seq)), created: true };
  // Not inserted: the id exists (ON CONFLICT waited for its writer to commit, so it is visible now), or the channel does not.
  const existing = await readMessage(ctx, message.id);
  if (!existing) throw noSuchChannel(message.channelId);
  return { message: existing, created: false };
}

export async function getChannelMessage(
  ctx: PgStoreContext,
  channelId: UUID,
  id: UUID,
): Promise<ChannelMessage | null> {
  const message = await readMessage(ctx, id);
  return message && message.channelId === channelId ? message : null;
}

/** Oldest first after `afterSeq`, by the (channel_id, seq) index. */
export async function listChannelMessages(
  ctx: PgStoreContext,
  channelId: UUID,
  params: { afterSeq?: number; limit: number },
): Promise<ChannelMessage[]> {
  const { afterSeq, limit } = channelPage(params);
  const { rows } = await ctx.conn.driver.query<ChannelMessageRecord>({
    text: `SELECT ${MESSAGE} FROM channel_messages WHERE channel_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
    values: [channelId, afterSeq, limit],
    name: 'kith_channel_messages',
  });
  return rows.map(toChannelMessage);
}

/** A turn on the person's message: while the budget lasts. */
const CLAIM_FOR_PERSON = `UPDATE channels SET agent_turns = agent_turns + 1, person_turns = person_turns + 1
  WHERE id = $1 AND agent_turns < max_agent_turns`;
/** A turn on an agent's message: while a turn stays free for each agent yet to answer the person. */
const CLAIM_FOR_AGENT = `UPDATE channels SET agent_turns = agent_turns + 1
  WHERE id = $1 AND agent_turns + GREATEST(jsonb_array_length(agent_ids) - person_turns, 0) < max_agent_turns`;

/** The row lock makes a concurrent claim wait and re-check the count: never more than max_agent_turns. */
export async function claimAgentTurn(
  ctx: PgStoreContext,
  channelId: UUID,
  params: { answersPerson?: boolean } = {},
): Promise<boolean> {
  const { rowCount } = await ctx.conn.driver.query(
    params.answersPerson
      ? { text: CLAIM_FOR_PERSON, values: [channelId], name: 'kith_channel_claim_person' }
      : { text: CLAIM_FOR_AGENT, values: [channelId], name: 'kith_channel_claim_agent' },
  );
  return rowCount > 0;
}

/** Never below 0. */
export async function releaseAgentTurn(ctx: PgStoreContext, channelId: UUID): Promise<void> {
  await ctx.conn.driver.query({
    text: 'UPDATE channels SET agent_turns = agent_turns - 1 WHERE id = $1 AND agent_turns > 0',
    values: [channelId],
    name: 'kith_channel_release',
  });
}

export async function resetAgentTurns(ctx: PgStoreContext, channelId: UUID, at: number): Promise<void> {
  await ctx.conn.driver.query({
    text: `UPDATE channels c SET agent_turns = 0, person_turns = 0, last_person_at = $2 WHERE c.id = $1 AND ${RESETS('$2')}`,
    values: [channelId, at],
    name: 'kith_channel_reset',
  });
}
