import { latestGenAiOnly, toolAttributes, usageAttributes } from './gen-ai-attributes';

describe('GenAI attributes', () => {
  it('names cache reads and writes as the v1.40 conventions do, keeping the older Kith name unless opted in', () => {
    expect(
      usageAttributes({ promptTokens: 100, completionTokens: 5, cachedInputTokens: 80, cacheCreationInputTokens: 20 }),
    ).toEqual({
      'gen_ai.usage.input_tokens': 100,
      'gen_ai.usage.output_tokens': 5,
      'gen_ai.usage.cache_read.input_tokens': 80,
      'gen_ai.usage.cache_creation.input_tokens': 20,
      'kith.usage.cached_input_tokens': 80,
    });
    expect(usageAttributes({ promptTokens: 1, completionTokens: 2 })).toEqual({
      'gen_ai.usage.input_tokens': 1,
      'gen_ai.usage.output_tokens': 2,
    });
  });

  it('reads gen_ai_latest_experimental from OTEL_SEMCONV_STABILITY_OPT_IN', () => {
    expect(latestGenAiOnly({})).toBe(false);
    expect(latestGenAiOnly({ OTEL_SEMCONV_STABILITY_OPT_IN: 'http, gen_ai_latest_experimental' })).toBe(true);
    expect(latestGenAiOnly({ OTEL_SEMCONV_STABILITY_OPT_IN: 'http' })).toBe(false);
  });

  it('describes an action as an execute_tool operation', () => {
    expect(toolAttributes('REPLY', 'bootstrap')).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'REPLY',
      'gen_ai.tool.type': 'function',
      'kith.action.name': 'REPLY',
      'kith.plugin': 'bootstrap',
    });
  });
});
