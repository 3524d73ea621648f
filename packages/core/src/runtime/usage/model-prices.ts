import { ConfigValidationError } from '../../errors/config-validation-error';

/** USD per million tokens. */
export interface ModelPrice {
  input: number;
  /** Input tokens served from the provider's prompt cache; default: the input price. */
  cachedInput?: number;
  output?: number;
}

/** The date DEFAULT_MODEL_PRICES were taken from OpenAI's pricing page. */
export const DEFAULT_MODEL_PRICES_DATE = '2025-08';

/**
 * OpenAI's list prices (standard tier, USD per million tokens) as published
 * in August 2025. Defaults only: prices change, and other servers (Azure,
 * OpenRouter, a local Ollama) charge otherwise. Override or add models with
 * MODEL_PRICES. A dated snapshot (`gpt-4o-mini-2024-07-18`) takes the price
 * of the longest name it starts with.
 */
export const DEFAULT_MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'gpt-5': { input: 1.25, cachedInput: 0.125, output: 10 },
  'gpt-5-mini': { input: 0.25, cachedInput: 0.025, output: 2 },
  'gpt-5-nano': { input: 0.05, cachedInput: 0.005, output: 0.4 },
  'gpt-4.1': { input: 2, cachedInput: 0.5, output: 8 },
  'gpt-4.1-mini': { input: 0.4, cachedInput: 0.1, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, cachedInput: 0.025, output: 0.4 },
  'gpt-4o': { input: 2.5, cachedInput: 1.25, output: 10 },
  'gpt-4o-mini': { input: 0.15, cachedInput: 0.075, output: 0.6 },
  o3: { input: 2, cachedInput: 0.5, output: 8 },
  'o4-mini': { input: 1.1, cachedInput: 0.275, output: 4.4 },
  'o3-mini': { input: 1.1, cachedInput: 0.55, output: 4.4 },
  'text-embedding-3-small': { input: 0.02 },
  'text-embedding-3-large': { input: 0.13 },
  'text-embedding-ada-002': { input: 0.1 },
};

// Built (and zod loaded) only when MODEL_PRICES is set: zod costs a process ~3 MB of heap.
function pricesSchema() {
  const { z } = require('zod') as typeof import('zod');
  const price = z.strictObject({
    input: z.number().min(0),
    cachedInput: z.number().min(0).optional(),
    output: z.number().min(0).optional(),
  });
  return z.record(z.string().min(1), price);
}

/**
 * A model's price, looked up by exact name and then by the longest known
 * name the model starts with followed by `-` (dated snapshots).
 */
export class ModelPrices {
  private readonly prices: Map<string, ModelPrice>;
  private readonly byPrefix: [string, ModelPrice][];
  private readonly resolved = new Map<string, ModelPrice | null>();

  constructor(overrides: Record<string, ModelPrice> = {}) {
    this.prices = new Map(Object.entries({ ...DEFAULT_MODEL_PRICES, ...overrides }));
    this.byPrefix = [...this.prices.entries()].sort((a, b) => b[0].length - a[0].length);
  }

  /**
   * MODEL_PRICES: a JSON object `{ "model": { "input": 0.15,
   * "cachedInput": 0.075, "output": 0.6 } }` (USD per million tokens) merged
   * over the defaults; an object in the character's settings works too.
   */
  static fromSetting(raw: unknown): ModelPrices {
    if (raw === null || raw === undefined || raw === '') return new ModelPrices();
    let value: unknown = raw;
    if (typeof raw === 'string') {
      try {
        value = JSON.parse(raw);
      } catch {
        throw new ConfigValidationError('MODEL_PRICES', [
          'is not JSON: write {"model-name": {"input": 0.15, "cachedInput": 0.075, "output": 0.6}} (USD per million tokens)',
        ]);
      }
    }
    const parsed = pricesSchema().safeParse(value);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(value)'}: ${issue.message}`);
      throw new ConfigValidationError('MODEL_PRICES', [
        ...problems.slice(0, 3),
        'each model takes {"input": n, "cachedInput"?: n, "output"?: n} in USD per million tokens',
      ]);
    }
    return new ModelPrices(parsed.data);
  }

  priceOf(model: string): ModelPrice | undefined {
    if (!model) return undefined;
    let found = this.resolved.get(model);
    if (found === undefined) {
      found = this.prices.get(model) ?? this.byPrefix.find(([name]) => model.startsWith(`${name}-`))?.[1] ?? null;
      if (this.resolved.size < 1000) this.resolved.set(model, found);
    }
    return found ?? undefined;
  }

  /**
   * USD for one call's tokens: undefined when it spent tokens on a model
   * without a price, 0 when it spent none. Cached input tokens are part of
   * the input tokens and billed at the cached price.
   */
  costOf(model: string, inputTokens: number, cachedInputTokens: number, outputTokens: number): number | undefined {
    if (inputTokens <= 0 && outputTokens <= 0) return 0;
    const found = this.priceOf(model);
    if (!found) return undefined;
    const cached = Math.min(Math.max(0, cachedInputTokens), inputTokens);
    const perMillion =
      (inputTokens - cached) * found.input +
      cached * (found.cachedInput ?? found.input) +
      outputTokens * (found.output ?? 0);
    return perMillion / 1_000_000;
  }
}
