import { BudgetExceededError } from '../../errors/budget-exceeded-error';
import {
  createCapturingLogger,
  createScriptedModel,
  createScriptedModelPlugin,
  createTestRuntime,
  InMemoryDatabaseAdapter,
  testCharacter,
} from '../../testing';
import { stringToUuid } from '../../uuid/uuid';
import { AgentRuntime } from '../agent-runtime';
import type { ModelEventPayload } from '../../types/events';
import type { Plugin } from '../../types/plugin';
import { BUDGET_LOG_TYPE } from './model-costs';

// 1M input tokens of gpt-4o-mini: $0.15 a call.
const paidModel = () =>
  createScriptedModel(() => 'paid answer', {
    usage: () => ({ model: 'gpt-4o-mini', promptTokens: 1_000_000, completionTokens: 0, cachedInputTokens: 0 }),
  });

const offline: Plugin = {
  name: 'eliza-classic',
  description: 'offline stand-in',
  priority: -1000,
  models: {
    TEXT_SMALL: async () => 'offline answer',
    TEXT_LARGE: async () => 'offline answer',
    TEXT_EMBEDDING: async () => [1, 0, 0],
  },
};

async function agent(settings: Record<string, string>, plugins: Plugin[]) {
  const logger = createCapturingLogger();
  const runtime = await createTestRuntime({ settings, plugins, logger: logger.logger });
  const used: ModelEventPayload[] = [];
  runtime.on('MODEL_USED', (payload) => void used.push(payload));
  return { runtime, used, logger };
}

describe('MAX_DAILY_COST_USD', () => {
  it('prices each call in MODEL_USED, and past the limit sends text calls to the offline model, logging it once', async () => {
    const model = paidModel();
    const { runtime, used, logger } = await agent({ MAX_DAILY_COST_USD: '0.3' }, [
      createScriptedModelPlugin(model),
      offline,
    ]);
    expect(await runtime.useModel('TEXT_LARGE', { prompt: 'one' })).toBe('paid answer');
    expect(used[0]).toMatchObject({
      provider: 'scripted-model',
      model: 'gpt-4o-mini',
      costUsd: 0.15,
      tokens: { promptTokens: 1_000_000 },
    });
    expect(runtime.getCostBudget()).toMatchObject({
      limitUsd: 0.3,
      spentUsd: 0.15,
      exceeded: false,
      fallback: 'offline-model',
    });
    await runtime.useModel('TEXT_LARGE', { prompt: 'two' });
    expect(runtime.getCostBudget()).toMatchObject({ exceeded: true });

    expect(await runtime.useModel('TEXT_LARGE', { prompt: 'three' })).toBe('offline answer');
    expect(await runtime.useModel('TEXT_SMALL', { prompt: 'four' })).toBe('offline answer');
    expect(model.calls).toHaveLength(2);
    expect(used.slice(2).map((p) => [p.provider, p.overBudget, p.costUsd])).toEqual([
      ['eliza-classic', true, 0],
      ['eliza-classic', true, 0],
    ]);
    expect(runtime.getCostBudget()).toMatchObject({ callsOverBudget: 2 });
    const warnings = logger.messages('warn').filter((msg) => msg.includes('Daily cost budget reached'));
    expect(warnings).toHaveLength(1);
    const records = await runtime.getLogs({ type: BUDGET_LOG_TYPE });
    expect(records).toHaveLength(1);
    expect(records[0].body).toMatchObject({ limitUsd: 0.3, fallback: 'offline-model' });
  });

  it('keeps the offline model out of the way below the limit (no retry fallback to it), and lets embeddings through past it', async () => {
    const { runtime } = await agent({ MAX_DAILY_COST_USD: '0.1' }, [
      {
        name: 'paid',
        description: '',
        models: {
          TEXT_LARGE: async () => Promise.reject(Object.assign(new Error('down'), { isRetryable: true })),
          TEXT_EMBEDDING: async () => [0, 1, 0],
        },
      },
      offline,
    ]);
    await expect(runtime.useModel('TEXT_LARGE', { prompt: 'x' })).rejects.toThrow('down');
    expect(await runtime.useModel('TEXT_EMBEDDING', { text: 'x' })).toEqual([0, 1, 0]);
  });

  it('answers with BUDGET_EXCEEDED_MESSAGE (as BudgetExceededError) when set, and with the default message without an offline model', async () => {
    const withMessage = await agent(
      { MAX_DAILY_COST_USD: '0.1', BUDGET_EXCEEDED_MESSAGE: 'Out of credit until tomorrow.' },
      [createScriptedModelPlugin(paidModel()), offline],
    );
    await withMessage.runtime.useModel('TEXT_LARGE', { prompt: 'x' });
    const error = await withMessage.runtime.useModel('TEXT_LARGE', { prompt: 'y' }).catch((caught: unknown) => caught);
    expect(BudgetExceededError.isInstance(error)).toBe(true);
    expect((error as BudgetExceededError).replyText).toBe('Out of credit until tomorrow.');
    expect(withMessage.runtime.getCostBudget()?.fallback).toBe('message');

    const noOffline = await agent({ MAX_DAILY_COST_USD: '0.1' }, [createScriptedModelPlugin(paidModel())]);
    await noOffline.runtime.useModel('TEXT_SMALL', { prompt: 'x' });
    const refused = await noOffline.runtime.useModel('TEXT_SMALL', { prompt: 'y' }).catch((caught: unknown) => caught);
    expect((refused as BudgetExceededError).replyText).toMatch(/limit for today/);
  });

  it("starts from today's spend in the usage table, so a restart does not reset the budget", async () => {
    const adapter = new InMemoryDatabaseAdapter(testCharacter.id ?? stringToUuid(testCharacter.name));
    await adapter.logModelUsage([
      {
        at: Date.now(),
        modelType: 'TEXT_LARGE',
        provider: 'openai',
        model: 'gpt-4o',
        calls: 1,
        failedCalls: 0,
        inputTokens: 1,
        cachedInputTokens: 0,
        outputTokens: 1,
        durationMs: 1,
        costUsd: 2,
        unpricedCalls: 0,
      },
    ]);
    const runtime = new AgentRuntime({
      character: structuredClone(testCharacter),
      adapter,
      settings: { MAX_DAILY_COST_USD: '1' },
      plugins: [createScriptedModelPlugin(paidModel()), offline],
      logger: createCapturingLogger().logger,
    });
    await runtime.initialize();
    expect(runtime.getCostBudget()).toMatchObject({ spentUsd: 2, exceeded: true });
    expect(await runtime.useModel('TEXT_LARGE', { prompt: 'x' })).toBe('offline answer');
    expect(await adapter.getLogs({ type: BUDGET_LOG_TYPE })).toHaveLength(1);
  });

  it('is off without MAX_DAILY_COST_USD: no budget, no gate', async () => {
    const { runtime } = await agent({}, [createScriptedModelPlugin(paidModel()), offline]);
    expect(runtime.getCostBudget()).toBeNull();
    for (let i = 0; i < 3; i++) expect(await runtime.useModel('TEXT_LARGE', { prompt: 'x' })).toBe('paid answer');
  });
});
