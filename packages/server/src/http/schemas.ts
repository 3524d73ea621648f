import type { UUID } from '@kith/core';
import { z } from 'zod';

const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A UUID in any case, normalised to lower case. */
export const uuidSchema = z
  .string()
  .regex(UUID_PATTERN, 'must be a UUID (8-4-4-4-12 hex digits)')
  .transform((value) => value.toLowerCase() as UUID)
  .meta({ format: 'uuid' });

export const agentParamsSchema = z.strictObject({ agentId: uuidSchema });

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().meta({ description: 'Stable error code (docs/errors.md)' }),
    message: z.string(),
    path: z.string().optional().meta({ description: 'The bad value: body.text, params.agentId, query.limit' }),
  }),
});

export const mediaSchema = z.strictObject({
  id: z.string().min(1).max(200),
  url: z.string().min(1).max(4096),
  title: z.string().max(500).optional(),
  source: z.string().max(200).optional(),
  description: z.string().max(10_000).optional(),
  text: z.string().max(100_000).optional(),
  contentType: z.string().max(100).optional(),
});

/** An attachment as the API returns it: the Media fields, unbounded (what was stored is answered as it is). */
const attachmentViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string().optional(),
  source: z.string().optional(),
  description: z.string().optional(),
  text: z.string().optional(),
  contentType: z.string().optional(),
});

export const memoryViewSchema = z.object({
  id: z.string().optional(),
  entityId: z.string(),
  agentId: z.string().optional(),
  roomId: z.string(),
  worldId: z.string().optional(),
  createdAt: z.number().optional(),
  unique: z.boolean().optional(),
  content: z
    .object({
      text: z.string().optional(),
      thought: z.string().optional(),
      actions: z.array(z.string()).optional(),
      providers: z.array(z.string()).optional(),
      source: z.string().optional(),
      inReplyTo: z.string().optional(),
      attachments: z.array(attachmentViewSchema).optional(),
    })
    .loose(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  authorName: z.string().optional().meta({ description: "The author's name (the entity's first name)" }),
});
