import type { Channel, ChannelAuthorKind, ChannelMessage, NewChannelMessage, UUID } from '@kith/core';
import { SqlInvalidArgumentError } from '../../errors';

// Rows as both dialects read them: camelCase names (drizzle's on SQLite, selectAs aliases on
// PostgreSQL), agent_ids parsed; int8 values may arrive as text, so they go through Number().

type Int8 = number | string;

export interface ChannelRecord {
  id: string;
  name: string;
  agentIds: string[];
  maxAgentTurns: number;
  createdAt: Int8;
}

export function toChannel(row: ChannelRecord): Channel {
  return {
    id: row.id as UUID,
    name: row.name,
    agentIds: row.agentIds as UUID[],
    maxAgentTurns: row.maxAgentTurns,
    createdAt: Number(row.createdAt),
  };
}

export interface ChannelMessageRecord {
  id: string;
  channelId: string;
  seq: Int8;
  authorId: string;
  authorName: string;
  authorKind: ChannelAuthorKind;
  text: string;
  inReplyTo: string | null;
  createdAt: Int8;
}

export function toChannelMessage(row: ChannelMessageRecord): ChannelMessage {
  return {
    id: row.id as UUID,
    channelId: row.channelId as UUID,
    authorId: row.authorId as UUID,
    authorName: row.authorName,
    authorKind: row.authorKind,
    text: row.text,
    inReplyTo: (row.inReplyTo ?? null) as UUID | null,
    createdAt: Number(row.createdAt),
    seq: Number(row.seq),
  };
}

/** The message as appended with `seq` (what a created append answers, without reading it back). */
export function appendedMessage(message: NewChannelMessage, seq: number): ChannelMessage {
  return {
    id: message.id,
    channelId: message.channelId,
    authorId: message.authorId,
    authorName: message.authorName,
    authorKind: message.authorKind,
    text: message.text,
    inReplyTo: message.inReplyTo ?? null,
    createdAt: message.createdAt,
    seq,
  };
}

/** A channel's turn budget as stored: a whole number, at least 0. */
export function checkedMaxAgentTurns(maxAgentTurns: number): number {
  if (!Number.isInteger(maxAgentTurns) || maxAgentTurns < 0)
    throw new SqlInvalidArgumentError(
      'createChannel',
      `maxAgentTurns must be a whole number ≥ 0, got ${maxAgentTurns}`,
    );
  return maxAgentTurns;
}

/** listChannelMessages' bounds: after seq `afterSeq` (0: from the start), at most `limit` (a whole number ≥ 0). */
export function channelPage(params: { afterSeq?: number; limit: number }): { afterSeq: number; limit: number } {
  const { afterSeq = 0, limit } = params;
  if (!Number.isFinite(afterSeq) || !Number.isFinite(limit) || limit < 0)
    throw new SqlInvalidArgumentError(
      'listChannelMessages',
      `afterSeq must be a number and limit a number ≥ 0, got ${afterSeq} and ${limit}`,
    );
  return { afterSeq: Math.floor(afterSeq), limit: Math.floor(limit) };
}

/** appendChannelMessage for a channel that does not exist. */
export function noSuchChannel(channelId: string): SqlInvalidArgumentError {
  return new SqlInvalidArgumentError('appendChannelMessage', `there is no channel ${channelId}: create it first`);
}
