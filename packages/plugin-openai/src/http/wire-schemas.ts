import { z } from 'zod';
import { OpenAIResponseError, type OpenAIRequestContext } from '../errors';

// Only the fields Kith reads are checked; servers add many more (loose objects keep them).

const chatUsage = z
  .looseObject({
    prompt_tokens: z.number().optional(),
    completion_tokens: z.number().optional(),
    total_tokens: z.number().optional(),
  })
  .nullish();

export const chatCompletionSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({ content: z.string().nullish(), refusal: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1, 'has no choices'),
  usage: chatUsage,
});

export const chatChunkSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        delta: z.looseObject({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: chatUsage,
});

export const embeddingResponseSchema = z.looseObject({
  data: z.array(z.looseObject({ embedding: z.array(z.number()), index: z.number().int().optional() })),
  usage: z.looseObject({ prompt_tokens: z.number().optional(), total_tokens: z.number().optional() }).nullish(),
});

export const imageResponseSchema = z.looseObject({
  data: z.array(
    z.looseObject({ url: z.string().nullish(), b64_json: z.string().nullish(), revised_prompt: z.string().nullish() }),
  ),
  usage: z
    .looseObject({
      input_tokens: z.number().optional(),
      output_tokens: z.number().optional(),
      total_tokens: z.number().optional(),
    })
    .nullish(),
});

export type ChatCompletion = z.infer<typeof chatCompletionSchema>;
export type ChatChunk = z.infer<typeof chatChunkSchema>;
export type ChatUsage = z.infer<typeof chatUsage>;

/** Validates a response body; a mismatch means the server does not speak this part of the API. */
export function parseWire<T>(schema: z.ZodType<T>, data: unknown, context: OpenAIRequestContext): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .slice(0, 3);
  throw new OpenAIResponseError(context, problems.join('; '), { retryable: false });
}
