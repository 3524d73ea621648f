import { type Conversation, type ConversationRecord, toConversation } from '../../shared/rooms/conversation';
import type { PgStoreContext } from './store-context';

// One statement: the rooms, each one's last message (memories_room_type_idx) and its participants' names.
const CONVERSATIONS = `
SELECT r.id AS "roomId", r.name AS "name", r.type AS "type", r.source AS "source", r.channel_id AS "channelId",
  r.created_at AS "createdAt",
  m.content->>'text' AS "lastText", m.created_at AS "lastAt", m.entity_id AS "lastEntityId",
  (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name)), '[]'::json) FROM (
     SELECT DISTINCT q.entity_id AS id, e.names->>0 AS name
     FROM participants q LEFT JOIN entities e ON e.id = q.entity_id
     WHERE q.room_id = r.id) p) AS "participants"
FROM rooms r
LEFT JOIN LATERAL (
  SELECT content, created_at, entity_id FROM memories
  WHERE room_id = r.id AND type = 'messages' AND agent_id = $1
  ORDER BY created_at DESC, id DESC LIMIT 1) m ON true
WHERE r.id IN (SELECT room_id FROM participants WHERE entity_id = $1)
ORDER BY COALESCE(m.created_at, r.created_at) DESC, r.id
LIMIT $2`;

/** The agent's rooms, the one with the newest message first. */
export async function listConversations(ctx: PgStoreContext, limit: number): Promise<Conversation[]> {
  const { rows } = await ctx.conn.driver.query<ConversationRecord>({
    text: CONVERSATIONS,
    values: [ctx.agentId, limit],
    name: 'kith_conversations',
  });
  return rows.map(toConversation);
}
