import type { Channel, ChannelMessage } from '@kith/core';
import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import { errorBodySchema, uuidSchema } from '../http/schemas';
import type { ServerContext } from '../server-context';
import { RequestValidationError } from '../errors';
import { MAX_TEXT_LENGTH } from './message-schemas';

const channelParamsSchema = z.strictObject({ channelId: uuidSchema });
const channelAgentParamsSchema = z.strictObject({ channelId: uuidSchema, agentId: uuidSchema });

const channelViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  agentIds: z.array(z.string()),
  maxAgentTurns: z.number().meta({ description: 'Agent messages allowed after a person speaks (MAX_AGENT_TURNS)' }),
  createdAt: z.number(),
});

const channelMessageViewSchema = z.object({
  id: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorKind: z.enum(['person', 'agent']),
  text: z.string(),
  inReplyTo: z.string().nullable().meta({ description: 'The channel message an agent answered' }),
  createdAt: z.number(),
});

const createChannelBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  agentIds: z.array(uuidSchema).min(1, 'must name at least one agent').max(50),
  maxAgentTurns: z
    .number()
    .int()
    .min(0)
    .max(100)
    .optional()
    .meta({ description: 'Agent messages allowed after a person speaks before a person speaks again (default 6)' }),
});

const postChannelMessageBodySchema = z.strictObject({
  text: z.string().min(1, 'must not be empty').max(MAX_TEXT_LENGTH),
  userName: z.string().trim().min(1).max(100),
  id: uuidSchema
    .optional()
    .meta({ description: 'The message UUID; sending the same id again never produces a second answer' }),
  entityId: uuidSchema.optional().meta({ description: 'The author; default: derived from userName' }),
});

const messagesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'must be the nextCursor of the previous page')
    .optional()
    .meta({ description: 'nextCursor of the previous page' }),
});

const toChannelView = (channel: Channel) => ({
  id: channel.id,
  name: channel.name,
  agentIds: channel.agentIds,
  maxAgentTurns: channel.maxAgentTurns,
  createdAt: channel.createdAt,
});

const toChannelMessageView = (message: ChannelMessage) => ({
  id: message.id,
  authorId: message.authorId,
  authorName: message.authorName,
  authorKind: message.authorKind,
  text: message.text,
  inReplyTo: message.inReplyTo,
  createdAt: message.createdAt,
});

/** Channels of several agents and people: make one, join and leave it, post to it and read its log. */
export function registerChannelRoutes(app: ApiApp, { channels }: ServerContext): void {
  app.route({
    method: 'POST',
    url: '/api/channels',
    config: { access: 'session' },
    schema: {
      operationId: 'createChannel',
      summary: 'Make a channel where several agents and people talk',
      description:
        "Every message in a channel, a person's or an agent's, reaches every other agent of the channel, which decides whether to answer as it does in a group. After a person's message the agents together send at most maxAgentTurns messages before a person speaks again.",
      tags: ['channels'],
      body: createChannelBodySchema,
      response: {
        201: z.object({ channelId: z.string(), channel: channelViewSchema }).describe('The new channel'),
        400: errorBodySchema.describe('Bad input (no agents)'),
        404: errorBodySchema.describe('An agent id this server does not run'),
      },
    },
    handler: async ({ body }, reply) => {
      const channel = await channels.create(body);
      reply.code(201);
      return { channelId: channel.id, channel: toChannelView(channel) };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/channels/:channelId',
    config: { access: 'session' },
    schema: {
      operationId: 'getChannel',
      summary: 'A channel: its name, agents and turn limit',
      tags: ['channels'],
      params: channelParamsSchema,
      response: { 200: channelViewSchema, 404: errorBodySchema.describe('No such channel') },
    },
    handler: async ({ params }) => toChannelView(await channels.require(params.channelId)),
  });

  app.route({
    method: 'POST',
    url: '/api/channels/:channelId/agents',
    config: { access: 'admin' },
    schema: {
      operationId: 'joinChannel',
      summary: 'An agent joins the channel',
      tags: ['channels'],
      params: channelParamsSchema,
      body: z.strictObject({ agentId: uuidSchema }),
      response: { 200: channelViewSchema, 404: errorBodySchema.describe('No such channel or agent') },
    },
    handler: async ({ params, body }) => toChannelView(await channels.join(params.channelId, body.agentId)),
  });

  app.route({
    method: 'DELETE',
    url: '/api/channels/:channelId/agents/:agentId',
    config: { access: 'admin' },
    schema: {
      operationId: 'leaveChannel',
      summary: 'An agent leaves the channel (its memories of it are kept)',
      tags: ['channels'],
      params: channelAgentParamsSchema,
      response: { 200: channelViewSchema, 404: errorBodySchema.describe('No such channel, or the agent is not in it') },
    },
    handler: async ({ params }) => toChannelView(await channels.leave(params.channelId, params.agentId)),
  });

  app.route({
    method: 'POST',
    url: '/api/channels/:channelId/messages',
    config: { access: 'session' },
    schema: {
      operationId: 'postChannelMessage',
      summary: 'Post to a channel as a person',
      description:
        "Answers 202 once the message is durable (in the channel's log and every running agent's inbox). The agents' replies arrive in the channel: GET /api/channels/:channelId/messages, or a WebSocket join with this channelId.",
      tags: ['channels'],
      params: channelParamsSchema,
      body: postChannelMessageBodySchema,
      response: {
        202: z.object({ messageId: z.string(), agentIds: z.array(z.string()) }).describe('Accepted'),
        400: errorBodySchema.describe('Bad input'),
        404: errorBodySchema.describe('No such channel'),
      },
    },
    handler: async ({ params, body }, reply) => {
      const posted = await channels.post(params.channelId, body);
      reply.code(202);
      return posted;
    },
  });

  app.route({
    method: 'GET',
    url: '/api/channels/:channelId/messages',
    config: { access: 'session' },
    schema: {
      operationId: 'listChannelMessages',
      summary: "The channel's messages, oldest first, a page at a time",
      tags: ['channels'],
      params: channelParamsSchema,
      querystring: messagesQuerySchema,
      response: {
        200: z.object({
          messages: z.array(channelMessageViewSchema),
          nextCursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null at the end' }),
        }),
        400: errorBodySchema.describe('Bad cursor or limit'),
        404: errorBodySchema.describe('No such channel'),
      },
    },
    handler: async ({ params, query }) => {
      const after = query.cursor === undefined ? undefined : Number(query.cursor);
      if (after !== undefined && !Number.isSafeInteger(after))
        throw new RequestValidationError('query.cursor', 'must be the nextCursor of the previous page');
      const page = await channels.list(params.channelId, { after, limit: query.limit + 1 });
      const more = page.length > query.limit;
      const messages = more ? page.slice(0, query.limit) : page;
      const last = messages.at(-1);
      return {
        messages: messages.map(toChannelMessageView),
        nextCursor: more && last ? String(last.seq) : null,
      };
    },
  });
}
