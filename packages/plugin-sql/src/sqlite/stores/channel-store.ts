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
import { parseJson } from '../../shared/parse-json';
import type { StoreContext } from './store-context';

// Channels are shared by every agent on the file: no statement here filters by agent.
// Writes join the group commit (conn.batch): each settles once its transaction committed.

type StoredChannel = Omit<ChannelRecord, 'agentIds'> & { agentIds: string };

const CHANNEL = `SELECT id, name, agent_ids AS agentIds, max_agent_turns AS maxAgentTurns, created_at AS createdAt
  FROM channels WHERE id = ?`;
const MESSAGE_COLUMNS = `id, channel_id AS channelId, seq, author_id AS authorId, author_name AS authorName,
  author_kind AS authorKind, text, in_reply_to AS inReplyTo, created_at AS createdAt`;
const MESSAGE_BY_ID = `SELECT ${MESSAGE_COLUMNS} FROM channel_messages WHERE id = ?`;
const MESSAGES_AFTER = `SELECT ${MESSAGE_COLUMNS} FROM channel_messages WHERE channel_id = ? AND seq > ? ORDER BY seq LIMIT ?`;
const INSERT_CHANNEL = `INSERT INTO channels (id, name, agent_ids, max_agent_turns, created_at)
  VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`;
// A person's message at `at` resets the turns unless one at `at` or later already did (monotonic).
const RESETS = '(last_person_at IS NULL OR last_person_at < ?)';
const NEXT_SEQ = `UPDATE channels SET last_seq = last_seq + 1 WHERE id = ? RETURNING last_seq AS seq`;
const NEXT_SEQ_RESET = `UPDATE channels SET last_seq = last_seq + 1,
  agent_turns = CASE WHEN ${RESETS} THEN 0 ELSE agent_turns END,
  person_turns = CASE WHEN ${RESETS} THEN 0 ELSE person_turns END,
  last_person_at = CASE WHEN ${RESETS} THEN ? ELSE last_person_at END
  WHERE id = ? RETURNING last_seq AS seq`;
const INSERT_MESSAGE = `INSERT INTO channel_messages
  (id, channel_id, seq, author_id, author_name, author_kind, text, in_reply_to, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;

function readChannel(ctx: StoreContext, id: string): Channel | null {
  const row = ctx.conn.get<StoredChannel>(CHANNEL, id);
  return row ? toChannel({ ...row, agentIds: parseJson<string[]>(row.agentIds, []) }) : null;
}

function readMessage(ctx: StoreContext, id: string): ChannelMessage | null {
  const row = ctx.conn.get<ChannelMessageRecord>(MESSAGE_BY_ID, id);
  return row ? toChannelMessage(row) : null;
}

/** Creates the channel; an existing id is left as it is and returned. */
export function createChannel(
  ctx: StoreContext,
  channel: Omit<Channel, 'createdAt'> & { createdAt?: number },
): Promise<Channel> {
  const maxAgentTurns = checkedMaxAgentTurns(channel.maxAgentTurns);
  const { conn } = ctx;
  return conn.batch(() => {
    conn.run(
      INSERT_CHANNEL,
      channel.id,
      channel.name,
      JSON.stringify(channel.agentIds),
      maxAgentTurns,
      channel.createdAt ?? Date.now(),
    );
    return readChannel(ctx, channel.id) as Channel;
  });
}

export function getChannel(ctx: StoreContext, id: UUID): Channel | null {
  return readChannel(ctx, id);
}

/** Replaces the channel's agents; null when there is no such channel. */
export function setChannelAgents(ctx: StoreContext, id: UUID, agentIds: UUID[]): Promise<Channel | null> {
  const { conn } = ctx;
  return conn.batch(() =>
    conn.run('UPDATE channels SET agent_ids = ? WHERE id = ?', JSON.stringify(agentIds), id).changes > 0
      ? readChannel(ctx, id)
      : null,
  );
}

/**
 * Appends the message with the channel's next seq, idempotent on its id; a
 * person's message resets the agent turns in the same transaction.
 */
export function appendChannelMessage(
  ctx: StoreContext,
  message: NewChannelMessage,
): Promise<{ message: ChannelMessage; created: boolean }> {
  const { conn } = ctx;
  return conn.batch(() => {
    const existing = readMessage(ctx, message.id);
    if (existing) return { message: existing, created: false };
    const next =
      message.authorKind === 'person'
        ? conn.get<{ seq: number }>(
            NEXT_SEQ_RESET,
            message.createdAt,
            message.createdAt,
            message.createdAt,
            message.createdAt,
            message.channelId,
          )
        : conn.get<{ seq: number }>(NEXT_SEQ, message.channelId);
    if (!next) throw noSuchChannel(message.channelId);
    conn.run(
      INSERT_MESSAGE,
      message.id,
      message.channelId,
      next.seq,
      message.authorId,
      message.authorName,
      message.authorKind,
      message.text,
      message.inReplyTo ?? null,
      message.createdAt,
    );
    return { message: appendedMessage(message, next.seq), created: true };
  });
}

export function getChannelMessage(ctx: StoreContext, channelId: UUID, id: UUID): ChannelMessage | null {
  const message = readMessage(ctx, id);
  return message && message.channelId === channelId ? message : null;
}

/** Oldest first after `afterSeq`, by the (channel_id, seq) index. */
export function listChannelMessages(
  ctx: StoreContext,
  channelId: UUID,
  params: { afterSeq?: number; limit: number },
): ChannelMessage[] {
  const { afterSeq, limit } = channelPage(params);
  return ctx.conn.all<ChannelMessageRecord>(MESSAGES_AFTER, channelId, afterSeq, limit).map(toChannelMessage);
}

/** A turn on the person's message: while the budget lasts. */
const CLAIM_FOR_PERSON = `UPDATE channels SET agent_turns = agent_turns + 1, person_turns = person_turns + 1
  WHERE id = ? AND agent_turns < max_agent_turns`;
/** A turn on an agent's message: while a turn stays free for each agent yet to answer the person. */
const CLAIM_FOR_AGENT = `UPDATE channels SET agent_turns = agent_turns + 1
  WHERE id = ? AND agent_turns + MAX(json_array_length(agent_ids) - person_turns, 0) < max_agent_turns`;

/** One statement in a write transaction: atomic against every other connection to the file. */
export function claimAgentTurn(
  ctx: StoreContext,
  channelId: UUID,
  params: { answersPerson?: boolean } = {},
): Promise<boolean> {
  const { conn } = ctx;
  return conn.batch(() => conn.run(params.answersPerson ? CLAIM_FOR_PERSON : CLAIM_FOR_AGENT, channelId).changes > 0);
}

/** Never below 0. */
export function releaseAgentTurn(ctx: StoreContext, channelId: UUID): Promise<void> {
  const { conn } = ctx;
  return conn.batch(() => {
    conn.run('UPDATE channels SET agent_turns = agent_turns - 1 WHERE id = ? AND agent_turns > 0', channelId);
  });
}

export function resetAgentTurns(ctx: StoreContext, channelId: UUID, at: number): Promise<void> {
  const { conn } = ctx;
  return conn.batch(() => {
    conn.run(
      `UPDATE channels SET agent_turns = 0, person_turns = 0, last_person_at = ? WHERE id = ? AND ${RESETS}`,
      at,
      channelId,
      at,
    );
  });
}
