import { z } from 'zod';

/** A UUID (any version), as character ids and message ids are. */
export const uuidSchema = z.uuid({ message: 'must be a UUID' });

/** An attachment on a message. */
export const mediaSchema = z.looseObject({
  id: z.string(),
  url: z.string(),
  title: z.string().optional(),
  source: z.string().optional(),
  description: z.string().optional(),
  text: z.string().optional(),
  contentType: z.string().optional(),
});

/** What a message says: its text, the actions it asked for, and whatever else plugins add. */
export const contentSchema = z.looseObject({
  text: z.string().optional(),
  actions: z.array(z.string()).optional(),
  thought: z.string().optional(),
  providers: z.array(z.string()).optional(),
  source: z.string().optional(),
  attachments: z.array(mediaSchema).optional(),
});

/** One line of a message example: who says it, and what. */
export const messageExampleSchema = z.object({ name: z.string().min(1), content: contentSchema });

/** A folder of knowledge files. */
export const directoryItemSchema = z.object({ directory: z.string(), shared: z.boolean().optional() });

/** A knowledge entry: a text, a file, or a folder. */
export const knowledgeItemSchema = z.union([
  z.string(),
  z.object({ path: z.string(), shared: z.boolean().optional() }),
  directoryItemSchema,
]);

/** A prompt template: its text (Kith's files hold strings; code may give a function of the state). */
export const templateTypeSchema = z.union([
  z.string(),
  z.custom<(...args: never[]) => string>((v) => typeof v === 'function'),
]);

export const styleSchema = z
  .object({
    all: z.array(z.string()).optional(),
    chat: z.array(z.string()).optional(),
    post: z.array(z.string()).optional(),
  })
  .optional();

export const settingsSchema = z.record(z.string(), z.unknown()).optional();

export const secretsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional();

/**
 * The character file format, the one rule for it (`kith start` checks files
 * with it; elizaOS's `characterSchema` is this). Unknown top-level keys are
 * kept for plugins.
 */
export const characterSchema = z.looseObject({
  id: uuidSchema.optional(),
  name: z
    .string({ message: 'is required: the agent\'s name, e.g. "name": "Eliza"' })
    .trim()
    .min(1, 'must not be empty'),
  username: z.string().optional(),
  system: z.string().optional(),
  bio: z.union([z.string(), z.array(z.string())], { message: 'must be a string or a list of strings' }).default([]),
  templates: z.record(z.string(), templateTypeSchema).optional(),
  messageExamples: z.array(z.array(messageExampleSchema)).optional(),
  postExamples: z.array(z.string()).optional(),
  topics: z.array(z.string()).optional(),
  adjectives: z.array(z.string()).optional(),
  knowledge: z.array(knowledgeItemSchema).optional(),
  plugins: z.array(z.string().min(1, 'a plugin entry must be a package name')).optional(),
  settings: settingsSchema,
  secrets: secretsSchema,
  style: styleSchema,
});

export type CharacterFile = z.infer<typeof characterSchema>;
