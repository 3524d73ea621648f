import { loadPluginConfigOrThrow, type SettingsSource } from '@kith/core';
import { z } from 'zod';
import { isLocalBaseUrl } from './is-local-base-url';

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/**
 * TCP connect plus TLS handshake, per attempt. A reachable host answers in well under a second even
 * across the world (two round trips), and the kernel resends a lost SYN after 1 s within it; a host
 * silent this long is dropping packets. Two attempts and one backoff stay well within 10 s.
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 2_500;

/** Every setting the plugin reads, in the order the README lists them. */
export const OPENAI_SETTING_KEYS = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_SMALL_MODEL',
  'OPENAI_LARGE_MODEL',
  'OPENAI_EMBEDDING_MODEL',
  'OPENAI_EMBEDDING_DIMENSIONS',
  'OPENAI_IMAGE_MODEL',
  'OPENAI_IMAGE_DESCRIPTION_MODEL',
  'OPENAI_TIMEOUT_MS',
  'OPENAI_CONNECT_TIMEOUT_MS',
  'OPENAI_MAX_RETRIES',
  'OPENAI_PROMPT_CACHE_KEY',
] as const;

export type OpenAISettingKey = (typeof OPENAI_SETTING_KEYS)[number];

/** The validated settings, as the handlers use them. */
export interface OpenAIConfig {
  apiKey?: string;
  /** Without a trailing slash. */
  baseUrl: string;
  smallModel: string;
  largeModel: string;
  embeddingModel: string;
  embeddingDimensions: number;
  imageModel: string;
  imageDescriptionModel: string;
  timeoutMs: number;
  connectTimeoutMs: number;
  maxRetries: number;
  /** Whether chat requests carry `prompt_cache_key` (one per agent and room). */
  promptCacheKey: boolean;
}

/** OpenAI's own API, where `prompt_cache_key` is known. */
function isOpenAIApi(baseUrl: string): boolean {
  return URL.canParse(baseUrl) && new URL(baseUrl).hostname === 'api.openai.com';
}

const modelName = (fallback: string) => z.string().trim().min(1, 'must not be empty').default(fallback);
const wholeNumber = (min: number, max: number, what: string) =>
  z.coerce
    .number({ message: `must be ${what}` })
    .int(`must be ${what}`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const schema = z
  .object({
    OPENAI_API_KEY: z.string().trim().optional(),
    OPENAI_BASE_URL: z
      .string()
      .trim()
      .default(DEFAULT_BASE_URL)
      .refine(
        (value) => /^https?:\/\/[^/]/.test(value) && URL.canParse(value),
        'must be an http(s) URL such as http://localhost:11434/v1',
      ),
    OPENAI_SMALL_MODEL: modelName('gpt-4o-mini'),
    OPENAI_LARGE_MODEL: modelName('gpt-4o'),
    OPENAI_EMBEDDING_MODEL: modelName('text-embedding-3-small'),
    OPENAI_EMBEDDING_DIMENSIONS: wholeNumber(1, 16_384, 'a whole number of dimensions, e.g. 1536 or 768').default(1536),
    OPENAI_IMAGE_MODEL: modelName('dall-e-3'),
    OPENAI_IMAGE_DESCRIPTION_MODEL: modelName('gpt-4o-mini'),
    OPENAI_TIMEOUT_MS: wholeNumber(1, 3_600_000, 'a whole number of milliseconds').default(60_000),
    OPENAI_CONNECT_TIMEOUT_MS: wholeNumber(1, 600_000, 'a whole number of milliseconds').default(
      DEFAULT_CONNECT_TIMEOUT_MS,
    ),
    OPENAI_MAX_RETRIES: wholeNumber(0, 10, 'a whole number of retries').default(2),
    // auto: only OpenAI's own API; some compatible servers reject fields they do not know.
    OPENAI_PROMPT_CACHE_KEY: z
      .preprocess(
        (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
        z.union([z.boolean(), z.enum(['true', 'false', 'auto'])], { message: 'must be true, false or auto' }),
      )
      .default('auto'),
  })
  .superRefine(
    (raw, ctx) => {
      // Runs even when other keys are invalid (`when` below), so every problem is listed at once;
      // the values may therefore be of any type here.
      const baseUrl = typeof raw.OPENAI_BASE_URL === 'string' ? raw.OPENAI_BASE_URL : DEFAULT_BASE_URL;
      if (raw.OPENAI_API_KEY || !URL.canParse(baseUrl) || isLocalBaseUrl(baseUrl)) return;
      ctx.addIssue({
        code: 'custom',
        path: ['OPENAI_API_KEY'],
        message: `missing; set OPENAI_API_KEY in the character secrets or the environment (${baseUrl} needs a key; only a local server such as Ollama at http://localhost:11434/v1 works without one)`,
      });
    },
    { when: () => true },
  )
  .transform((raw): OpenAIConfig => ({
    ...(raw.OPENAI_API_KEY ? { apiKey: raw.OPENAI_API_KEY } : {}),
    baseUrl: raw.OPENAI_BASE_URL.replace(/\/+$/, ''),
    smallModel: raw.OPENAI_SMALL_MODEL,
    largeModel: raw.OPENAI_LARGE_MODEL,
    embeddingModel: raw.OPENAI_EMBEDDING_MODEL,
    embeddingDimensions: raw.OPENAI_EMBEDDING_DIMENSIONS,
    imageModel: raw.OPENAI_IMAGE_MODEL,
    imageDescriptionModel: raw.OPENAI_IMAGE_DESCRIPTION_MODEL,
    timeoutMs: raw.OPENAI_TIMEOUT_MS,
    connectTimeoutMs: raw.OPENAI_CONNECT_TIMEOUT_MS,
    maxRetries: raw.OPENAI_MAX_RETRIES,
    promptCacheKey:
      raw.OPENAI_PROMPT_CACHE_KEY === 'auto'
        ? isOpenAIApi(raw.OPENAI_BASE_URL)
        : raw.OPENAI_PROMPT_CACHE_KEY === true || raw.OPENAI_PROMPT_CACHE_KEY === 'true',
  }));

/**
 * The plugin's settings from the character (secrets, settings) and then the
 * environment. Throws ConfigValidationError (KITH_CONFIG_INVALID) naming
 * every bad key and how to fix it.
 */
export function loadOpenAIConfig(runtime: SettingsSource | null | undefined): OpenAIConfig {
  return loadPluginConfigOrThrow(runtime, schema, OPENAI_SETTING_KEYS, 'plugin-openai');
}
