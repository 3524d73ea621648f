import type { UUID } from '@kith/core';

/** One room an agent takes part in, with who is in it and its last message: a line of a conversation list. */
export interface Conversation {
  roomId: UUID;
  name: string | null;
  type: string;
  source: string;
  channelId: string | null;
  createdAt: number;
  /** The entities taking part, by their first name (null when the entity has no row). */
  participants: { id: UUID; name: string | null }[];
  lastMessage: { text: string | null; at: number; entityId: UUID } | null;
}

/** A conversation row as both dialects read it (PostgreSQL's int8 may arrive as text, its JSON parsed or not). */
export interface ConversationRecord {
  roomId: string;
  name: string | null;
  type: string;
  source: string;
  channelId: string | null;
  createdAt: number | string;
  lastText: string | null;
  lastAt: number | string | null;
  lastEntityId: string | null;
  participants: string | { id: string; name: string | null }[];
}

export function toConversation(row: ConversationRecord): Conversation {
  const participants = (typeof row.participants === 'string' ? JSON.parse(row.participants) : row.participants) as
    Conversation['participants'] | null;
  return {
    roomId: row.roomId as UUID,
    name: row.name,
    type: row.type,
    source: row.source,
    channelId: row.channelId,
    createdAt: Number(row.createdAt),
    participants: participants ?? [],
    lastMessage:
      row.lastAt === null || row.lastEntityId === null
        ? null
        : { text: row.lastText, at: Number(row.lastAt), entityId: row.lastEntityId as UUID },
  };
}
