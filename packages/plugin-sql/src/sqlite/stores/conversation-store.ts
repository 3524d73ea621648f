import { type Conversation, type ConversationRecord, toConversation } from '../../shared/rooms/conversation';
import type { StoreContext } from './store-context';

// One statement: the rooms, each one's last message (memories_room_type_idx) and its participants' names.
const CONVERSATIONS = `
SELECT r.id AS roomId, r.name AS name, r.type AS type, r.source AS source, r.channel_id AS channelId,
  r.created_at AS createdAt,
  json_extract(m.content, '$.text') AS lastText, m.created_at AS lastAt, m.entity_id AS lastEntityId,
  (SELECT json_group_array(json_object('id', p.id, 'name', p.name)) FROM (
     SELECT DISTINCT q.entity_id AS id, json_extract(e.names, '$[0]') AS name
     FROM participants q LEFT JOIN entities e ON e.id = q.entity_id
     WHERE q.room_id = r.id) p) AS participants
FROM rooms r
LEFT JOIN memories m ON m.seq = (
  SELECT seq FROM memories WHERE room_id = r.id AND type = 'messages' AND agent_id = ?
  ORDER BY created_at DESC, seq DESC LIMIT 1)
WHERE r.id IN (SELECT room_id FROM participants WHERE entity_id = ?)
ORDER BY COALESCE(m.created_at, r.created_at) DESC, r.id
LIMIT ?`;

/** The agent's rooms, the one with the newest message first. */
export function listConversations(ctx: StoreContext, limit: number): Conversation[] {
  return ctx.conn.all<ConversationRecord>(CONVERSATIONS, ctx.agentId, ctx.agentId, limit).map(toConversation);
}
