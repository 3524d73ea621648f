import { z } from 'zod';

const content = z.looseObject({
  text: z.string().optional(),
  actions: z.array(z.string()).optional(),
  thought: z.string().optional(),
});

const messageExample = z.object({ name: z.string().min(1), content });

/** The character file format; unknown top-level keys are kept for plugins. */
export const characterSchema = z.looseObject({
  id: z.uuid({ message: 'must be a UUID' }).optional(),
  name: z
    .string({ message: 'is required: the agent\'s name, e.g. "name": "Eliza"' })
    .trim()
    .min(1, 'must not be empty'),
  username: z.string().optional(),
  system: z.string().optional(),
  bio: z.union([z.string(), z.array(z.string())], { message: 'must be a string or a list of strings' }).default([]),
  templates: z.record(z.string(), z.string()).optional(),
  messageExamples: z.array(z.array(messageExample)).optional(),
  postExamples: z.array(z.string()).optional(),
  topics: z.array(z.string()).optional(),
  adjectives: z.array(z.string()).optional(),
  knowledge: z
    .array(
      z.union([
        z.string(),
        z.object({ path: z.string(), shared: z.boolean().optional() }),
        z.object({ directory: z.string(), shared: z.boolean().optional() }),
      ]),
    )
    .optional(),
  plugins: z.array(z.string().min(1, 'a plugin entry must be a package name')).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  secrets: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  style: z
    .object({
      all: z.array(z.string()).optional(),
      chat: z.array(z.string()).optional(),
      post: z.array(z.string()).optional(),
    })
    .optional(),
});

export type CharacterFile = z.infer<typeof characterSchema>;
