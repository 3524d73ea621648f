import { type IAgentRuntime, type UUID } from '@kith/core';
import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import { authorNames, toMemoryView, toRoomView } from '../http/memory-view';
import { decodeCursor, readPage } from '../http/paging-cursor';
import { agentParamsSchema, errorBodySchema, memoryViewSchema, uuidSchema } from '../http/schemas';
import type { ServerContext } from '../server-context';
import { RequestValidationError, ResourceNotFoundError } from '../errors';

const roomParamsSchema = z.strictObject({ agentId: uuidSchema, roomId: uuidSchema });

const memoriesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(100_000).optional().meta({ description: 'nextCursor of the previous page' }),
  tableName: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, 'must be a table name such as messages, facts or documents')
    .default('messages'),
});

const roomViewSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  source: z.string(),
  type: z.string(),
  channelId: z.string().optional(),
  serverId: z.string().optional(),
  worldId: z.string().optional(),
});

async function requireRoom(runtime: IAgentRuntime, roomId: UUID) {
  const room = await runtime.getRoom(roomId);
  if (!room)
    throw new ResourceNotFoundError('room', roomId, 'GET /api/agents/:agentId/rooms lists the rooms of an agent');
  return room;
}

/** An agent's rooms, a room's memories (cursor paging) and clearing a room. */
export function registerRoomRoutes(app: ApiApp, { agents, bus }: ServerContext): void {
  app.route({
    method: 'GET',
    url: '/api/agents/:agentId/rooms',
    config: { access: 'session' },
    schema: {
      operationId: 'listRooms',
      summary: 'The rooms the agent takes part in',
      tags: ['rooms'],
      params: agentParamsSchema,
      response: {
        200: z.object({ rooms: z.array(roomViewSchema) }).describe('The rooms'),
        404: errorBodySchema.describe('No such agent'),
      },
    },
    handler: async ({ params }) => {
      const { runtime } = agents.require(params.agentId);
      const ids = await runtime.getRoomsForParticipant(runtime.agentId);
      const rooms = ids.length > 0 ? ((await runtime.getRoomsByIds(ids)) ?? []) : [];
      return { rooms: rooms.map(toRoomView) };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/agents/:agentId/rooms/:roomId/memories',
    config: { access: 'session' },
    schema: {
      operationId: 'listRoomMemories',
      summary: "A room's memories of this agent, newest first, a page at a time",
      tags: ['rooms'],
      params: roomParamsSchema,
      querystring: memoriesQuerySchema,
      response: {
        200: z
          .object({ memories: z.array(memoryViewSchema), nextCursor: z.string().nullable() })
          .describe('A page of memories'),
        400: errorBodySchema.describe('Bad query'),
        404: errorBodySchema.describe('No such agent or room'),
      },
    },
    handler: async ({ params, query }) => {
      const { runtime } = agents.require(params.agentId);
      const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      await requireRoom(runtime, params.roomId);
      const page = await readPage(
        (end, count) =>
          runtime.getMemories({
            tableName: query.tableName,
            roomId: params.roomId,
            agentId: runtime.agentId,
            count,
            ...(end === undefined ? {} : { end }),
          }),
        query.limit,
        cursor,
      );
      const names = await authorNames(runtime, page.items);
      return { memories: page.items.map((memory) => toMemoryView(memory, names)), nextCursor: page.nextCursor };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/agents/:agentId/rooms/:roomId/memories/search',
    config: { access: 'session' },
    schema: {
      operationId: 'searchRoomMemories',
      summary:
        "A room's memories closest in meaning to a text (TEXT_EMBEDDING, then vector and keyword ranking), best first",
      tags: ['rooms'],
      params: roomParamsSchema,
      querystring: z.strictObject({
        q: z.string().trim().min(1).max(2000).meta({ description: 'What to look for' }),
        limit: z.coerce.number().int().min(1).max(50).default(10),
        tableName: memoriesQuerySchema.shape.tableName,
      }),
      response: {
        200: z
          .object({ memories: z.array(memoryViewSchema.extend({ similarity: z.number().optional() })) })
          .describe('The closest memories'),
        400: errorBodySchema.describe('Bad query, or an agent without TEXT_EMBEDDING'),
        404: errorBodySchema.describe('No such agent or room'),
      },
    },
    handler: async ({ params, query }) => {
      const { runtime } = agents.require(params.agentId);
      await requireRoom(runtime, params.roomId);
      if (!runtime.getModel('TEXT_EMBEDDING')) {
        throw new RequestValidationError(
          'query.q',
          'this agent has no TEXT_EMBEDDING model, so its memories cannot be searched by meaning: add a model plugin with embeddings',
        );
      }
      const embedding = await runtime.useModel('TEXT_EMBEDDING', { text: query.q });
      const found = await runtime.searchMemories({
        tableName: query.tableName,
        embedding,
        roomId: params.roomId,
        query: query.q,
        count: query.limit,
        match_threshold: 0,
      });
      const names = await authorNames(runtime, found);
      return {
        memories: found.map((memory) => ({
          ...toMemoryView(memory, names),
          ...(memory.similarity === undefined ? {} : { similarity: memory.similarity }),
        })),
      };
    },
  });

  app.route({
    method: 'DELETE',
    url: '/api/agents/:agentId/rooms/:roomId/memories',
    config: { access: 'admin' },
    schema: {
      operationId: 'clearRoom',
      summary: "Clear a channel: delete the room's messages (emits CHANNEL_CLEARED)",
      tags: ['rooms'],
      params: roomParamsSchema,
      response: {
        200: z.object({ roomId: z.string(), deleted: z.number() }).describe('How many messages were deleted'),
        404: errorBodySchema.describe('No such agent or room'),
      },
    },
    handler: async ({ params }) => {
      const { runtime } = agents.require(params.agentId);
      const room = await requireRoom(runtime, params.roomId);
      const before = await runtime.countMemories(room.id, false, 'messages');
      // plugin-bootstrap's CHANNEL_CLEARED handler deletes them; without it the server does.
      await runtime.emitEvent('CHANNEL_CLEARED', {
        roomId: room.id,
        channelId: room.channelId ?? room.id,
        memoryCount: before,
        source: 'server',
      });
      if ((await runtime.countMemories(room.id, false, 'messages')) > 0)
        await runtime.deleteAllMemories(room.id, 'messages');
      bus.emit({ type: 'cleared', agentId: runtime.agentId, channelId: room.id, deleted: before });
      return { roomId: room.id, deleted: before };
    },
  });
}
