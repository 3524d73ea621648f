import type { IAgentRuntime, UUID } from '@kith/core';
import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import { agentParamsSchema, errorBodySchema } from '../http/schemas';
import type { ServerContext } from '../server-context';

/** One line of an agent's conversation list (plugin-sql's Conversation, read structurally: the server does not import it). */
interface Conversation {
  roomId: UUID;
  name: string | null;
  type: string;
  source: string;
  channelId: string | null;
  createdAt: number;
  participants: { id: UUID; name: string | null }[];
  lastMessage: { text: string | null; at: number; entityId: UUID } | null;
}

interface ConversationLister {
  listConversations(limit: number): Promise<Conversation[]>;
}

const conversationSchema = z.object({
  roomId: z.string(),
  name: z.string().optional(),
  type: z.string(),
  source: z.string(),
  channelId: z.string().optional(),
  participants: z.array(z.object({ id: z.string(), name: z.string().optional() })),
  lastMessage: z
    .object({ text: z.string().optional(), at: z.number(), entityId: z.string(), authorName: z.string().optional() })
    .optional(),
  at: z.number().meta({ description: 'When its last message was said, else when the room was made' }),
});

/** Kith's adapter lists conversations in one query; another adapter lists its rooms without last messages. */
async function conversationsOf(runtime: IAgentRuntime, limit: number): Promise<Conversation[]> {
  const adapter = runtime.adapter as Partial<ConversationLister> | undefined;
  if (typeof adapter?.listConversations === 'function') return adapter.listConversations(limit);
  const ids = await runtime.getRoomsForParticipant(runtime.agentId);
  const rooms = ids.length ? ((await runtime.getRoomsByIds(ids.slice(0, limit))) ?? []) : [];
  return rooms.map((room) => ({
    roomId: room.id,
    name: room.name ?? null,
    type: String(room.type),
    source: room.source,
    channelId: room.channelId ?? null,
    createdAt: 0,
    participants: [],
    lastMessage: null,
  }));
}

/** GET /api/agents/:agentId/conversations: the agent's rooms and channels, the latest message first. */
export function registerConversationRoutes(app: ApiApp, { agents }: ServerContext): void {
  app.route({
    method: 'GET',
    url: '/api/agents/:agentId/conversations',
    config: { access: 'admin' },
    schema: {
      operationId: 'listConversations',
      summary:
        "The agent's conversations (rooms and channels) with participants' names and the last message, newest first",
      tags: ['rooms'],
      params: agentParamsSchema,
      querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
      response: {
        200: z.object({ conversations: z.array(conversationSchema) }).describe('The conversations'),
        404: errorBodySchema.describe('No such agent'),
      },
    },
    handler: async ({ params, query }) => {
      const { runtime } = agents.require(params.agentId);
      const found = await conversationsOf(runtime, query.limit);
      return {
        conversations: found.map((c) => {
          const names = new Map(c.participants.map((p) => [p.id, p.name]));
          return {
            roomId: c.roomId,
            ...(c.name ? { name: c.name } : {}),
            type: c.type,
            source: c.source,
            ...(c.channelId ? { channelId: c.channelId } : {}),
            participants: c.participants.map((p) => ({ id: p.id, ...(p.name ? { name: p.name } : {}) })),
            ...(c.lastMessage
              ? {
                  lastMessage: {
                    ...(c.lastMessage.text ? { text: c.lastMessage.text } : {}),
                    at: c.lastMessage.at,
                    entityId: c.lastMessage.entityId,
                    ...(names.get(c.lastMessage.entityId)
                      ? { authorName: names.get(c.lastMessage.entityId) as string }
                      : {}),
                  },
                }
              : {}),
            at: c.lastMessage?.at ?? c.createdAt,
          };
        }),
      };
    },
  });
}
