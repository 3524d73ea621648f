import { ChannelType } from '@kith/core';
import { z } from 'zod';
import { mediaSchema, memoryViewSchema, uuidSchema } from '../http/schemas';

/** Longest message text accepted. */
export const MAX_TEXT_LENGTH = 100_000;

export const sourceSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 letters, digits or _ . : -')
  .meta({
    description:
      'Where the message comes from; "api" and "client_chat" make the agent answer without a should-respond check',
  });

/** The fields a message carries over REST and WebSocket alike. */
export const messageFields = {
  text: z.string().min(1, 'must not be empty').max(MAX_TEXT_LENGTH),
  id: uuidSchema
    .optional()
    .meta({ description: 'The message UUID; sending the same id again never produces a second reply' }),
  entityId: uuidSchema.optional().meta({ description: 'The author; default: derived from userName' }),
  userName: z.string().trim().min(1).max(100).optional(),
  source: sourceSchema.optional(),
  attachments: z.array(mediaSchema).max(10).optional(),
  channelType: z
    .enum(ChannelType)
    .optional()
    .meta({ description: 'Default DM (the agent always answers); GROUP lets it decide' }),
};

export const postMessageBodySchema = z.strictObject({
  ...messageFields,
  roomId: uuidSchema.optional().meta({ description: 'The channel (room); default: a DM room of this user and agent' }),
  async: z
    .boolean()
    .optional()
    .meta({ description: 'Answer 202 at once; replies go to WebSocket subscribers of the room' }),
});

const messageIdsSchema = z.object({
  messageId: z.string(),
  memoryId: z.string().meta({ description: "The agent's memory id of the message" }),
  agentId: z.string(),
  roomId: z.string(),
  entityId: z.string(),
});

export const messageResultSchema = messageIdsSchema.extend({
  mode: z.enum(['simple', 'actions', 'ignored', 'discarded', 'duplicate', 'skipped', 'error']),
  duplicate: z.boolean().meta({ description: 'True when this id was taken before: the original replies, nothing new' }),
  runId: z.string().optional(),
  error: z.string().optional(),
  replies: z.array(memoryViewSchema),
});

export const messageAcceptedSchema = messageIdsSchema.extend({ status: z.literal('accepted') });
