import type { IAgentRuntime, UUID } from '@kith/core';
import { MetricsRecorder, summarizeRecorders } from './metrics-recorder';

const ROOM = '11111111-1111-4111-8111-111111111111' as UUID;
const runtime = {} as IAgentRuntime;

describe('MetricsRecorder', () => {
  it('names the plugin that registered each provider, action and evaluator', () => {
    const recorder = new MetricsRecorder();
    recorder.observe({
      name: 'PROVIDER_COMPLETED',
      payload: {
        runtime,
        source: 'runtime',
        providerName: 'WEATHER',
        pluginName: '@acme/plugin-weather',
        durationMs: 3,
        success: true,
      },
    });
    recorder.observe({
      name: 'ACTION_COMPLETED',
      payload: {
        runtime,
        source: 'runtime',
        roomId: ROOM,
        actionName: 'FORECAST',
        pluginName: '@acme/plugin-weather',
        durationMs: 5,
      },
    });
    recorder.observe({
      name: 'EVALUATOR_COMPLETED',
      payload: { runtime, source: 'runtime', evaluatorName: 'MOOD', pluginName: 'mood', durationMs: 2, error: 'broke' },
    });
    recorder.observe({
      name: 'DATABASE_OPERATION',
      payload: { runtime, source: 'runtime', operation: 'getMemories', durationMs: 1, success: true },
    });
    const summaries = summarizeRecorders([recorder]);
    expect(summaries['provider:WEATHER']).toMatchObject({ count: 1, plugin: '@acme/plugin-weather' });
    expect(summaries['action:FORECAST']).toMatchObject({ count: 1, plugin: '@acme/plugin-weather' });
    expect(summaries['evaluator:MOOD']).toMatchObject({ count: 1, errors: 1, plugin: 'mood' });
    expect(summaries['database:getMemories']).not.toHaveProperty('plugin');
  });
});
