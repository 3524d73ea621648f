import { createTestRuntime } from '../../testing/create-test-runtime';
import { describeModelFailure, modelFailureOf } from './model-failure';

describe('modelFailureOf', () => {
  it('names the model type and provider of an error a handler threw, which useModel rethrows unchanged', async () => {
    const runtime = await createTestRuntime();
    try {
      const thrown = new Error('upstream returned 500');
      runtime.registerModel(
        'TEXT_LARGE',
        async () => {
          throw thrown;
        },
        'flaky',
      );
      const error = await runtime.useModel('TEXT_LARGE', { prompt: 'x' }).catch((caught: unknown) => caught);
      expect(error).toBe(thrown);
      expect(modelFailureOf(error)).toEqual({ modelType: 'TEXT_LARGE', provider: 'flaky' });
      expect(describeModelFailure(error, 'upstream returned 500')).toBe(
        'TEXT_LARGE handler of "flaky" failed: upstream returned 500',
      );
    } finally {
      await runtime.stop();
    }
  });

  it('leaves other errors, and reasons that name the provider already, as they are', () => {
    expect(modelFailureOf(new Error('x'))).toBeUndefined();
    expect(modelFailureOf('a string')).toBeUndefined();
    expect(describeModelFailure(new Error('x'), 'x')).toBe('x');
  });
});
