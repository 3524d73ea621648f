import { KithError } from '../../errors/kith-error';
import { DEFAULT_MODEL_PRICES, ModelPrices } from './model-prices';

describe('ModelPrices', () => {
  it('prices input, cached input and output per million tokens', () => {
    const prices = new ModelPrices();
    // gpt-4o-mini: $0.15 in, $0.075 cached, $0.60 out.
    expect(prices.costOf('gpt-4o-mini', 1_000_000, 0, 0)).toBeCloseTo(0.15, 12);
    expect(prices.costOf('gpt-4o-mini', 1_000_000, 1_000_000, 0)).toBeCloseTo(0.075, 12);
    expect(prices.costOf('gpt-4o-mini', 3000, 1000, 200)).toBeCloseTo(
      (2000 * 0.15 + 1000 * 0.075 + 200 * 0.6) / 1e6,
      15,
    );
    // Cached tokens beyond the input (a confused server) count as input at most.
    expect(prices.costOf('gpt-4o-mini', 100, 500, 0)).toBeCloseTo((100 * 0.075) / 1e6, 15);
  });

  it('finds a dated snapshot under the longest name it starts with', () => {
    const prices = new ModelPrices();
    expect(prices.priceOf('gpt-4o-mini-2024-07-18')).toBe(DEFAULT_MODEL_PRICES['gpt-4o-mini']);
    expect(prices.priceOf('gpt-4o-2024-08-06')).toBe(DEFAULT_MODEL_PRICES['gpt-4o']);
    expect(prices.priceOf('gpt-4ox')).toBeUndefined();
  });

  it('answers 0 for a call without tokens and undefined for tokens on an unknown model', () => {
    const prices = new ModelPrices();
    expect(prices.costOf('llama3', 0, 0, 0)).toBe(0);
    expect(prices.costOf('llama3', 10, 0, 5)).toBeUndefined();
    expect(prices.costOf('', 10, 0, 5)).toBeUndefined();
  });

  it('takes MODEL_PRICES as JSON text or an object, over the defaults', () => {
    const fromText = ModelPrices.fromSetting(
      '{"llama3": {"input": 0, "output": 0}, "gpt-4o": {"input": 5, "output": 15}}',
    );
    expect(fromText.costOf('llama3', 10, 0, 5)).toBe(0);
    expect(fromText.costOf('gpt-4o', 1_000_000, 0, 0)).toBe(5);
    // Without a cached price, cached tokens cost the input price.
    expect(fromText.costOf('gpt-4o', 1_000_000, 1_000_000, 0)).toBe(5);
    expect(fromText.priceOf('gpt-4o-mini')).toBe(DEFAULT_MODEL_PRICES['gpt-4o-mini']);
    expect(
      ModelPrices.fromSetting({ mine: { input: 1, cachedInput: 0.1, output: 2 } }).costOf(
        'mine',
        1_000_000,
        500_000,
        0,
      ),
    ).toBeCloseTo(0.55, 12);
  });

  it('refuses a bad MODEL_PRICES with the setting and the shape it wants', () => {
    for (const bad of ['{not json', '{"m": {"input": -1}}', '{"m": {"output": 1}}', '{"m": {"input": 1, "cost": 2}}']) {
      const error = (() => {
        try {
          ModelPrices.fromSetting(bad);
          return undefined;
        } catch (caught) {
          return caught;
        }
      })();
      expect(KithError.hasCode(error, 'KITH_CONFIG_INVALID')).toBe(true);
      expect((error as Error).message).toContain('MODEL_PRICES');
      expect((error as Error).message).toContain('per million tokens');
    }
  });
});
