import type { Content, MessageProcessingMode } from '@kith/core';
import { z } from 'zod';
import type { MemoryView } from '../http/memory-view';
import { uuidSchema } from '../http/schemas';
import { messageFields } from '../routes/message-schemas';

const requestId = z
  .string()
  .max(100)
  .optional()
  .meta({ description: 'Echoed in the answer and in errors about this frame' });

/** Frames a client sends (JSON text), validated with zod. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('join'),
    channelId: uuidSchema,
    agentId: uuidSchema
      .optional()
      .meta({ description: 'The agent to talk to in this room; omit it to follow a channel of several agents' }),
    requestId,
  }),
  z.strictObject({ type: z.literal('leave'), channelId: uuidSchema, requestId }),
  z.strictObject({
    type: z.literal('send'),
    channelId: uuidSchema,
    agentId: uuidSchema
      .optional()
      .meta({ description: 'Only this agent answers; default: every agent that joined the channel' }),
    ...messageFields,
    requestId,
  }),
  z.strictObject({ type: z.literal('ping'), requestId }),
]);

export type ClientFrame = z.output<typeof clientFrameSchema>;

export interface FrameError {
  code: string;
  message: string;
  path?: string;
}

/** Frames the server sends. */
export type ServerFrame =
  | { type: 'ready'; connectionId: string }
  | { type: 'joined'; channelId: string; agentId?: string; agentIds?: string[]; requestId?: string }
  | { type: 'left'; channelId: string; requestId?: string }
  | { type: 'accepted'; id: string; channelId: string; agentIds: string[]; requestId?: string }
  | {
      type: 'user_message';
      channelId: string;
      id: string;
      entityId: string;
      userName?: string;
      /** Set when an agent wrote it (a channel of several agents passes agents' replies on as messages). */
      fromAgent?: true;
      text: string;
      createdAt: number;
    }
  | { type: 'thinking'; agentId: string; channelId: string; messageId: string; active: boolean }
  | { type: 'chunk'; agentId: string; channelId: string; messageId: string; index: number; chunk: string }
  | { type: 'reply'; agentId: string; channelId: string; messageId: string; content: Content; actionName?: string }
  | {
      type: 'done';
      agentId: string;
      channelId: string;
      messageId: string;
      memoryId: string;
      mode: MessageProcessingMode;
      duplicate: boolean;
      runId?: string;
      error?: string;
      replies: MemoryView[];
    }
  | { type: 'cleared'; agentId: string; channelId: string; deleted: number }
  | { type: 'control'; agentId: string; channelId: string; action: string; target?: string }
  | { type: 'error'; error: FrameError; requestId?: string; agentId?: string; channelId?: string; messageId?: string }
  | { type: 'pong'; requestId?: string };
