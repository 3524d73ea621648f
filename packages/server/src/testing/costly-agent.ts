import { AgentRuntime, type Plugin, stringToUuid } from '@kith/core';
import {
  createScriptedModel,
  createScriptedModelPlugin,
  scriptedReply,
  testCharacter,
  type ScriptedModel,
} from '@kith/core/test';
import { bootstrapPlugin } from '@kith/plugin-bootstrap';
import { createDatabaseAdapter, sqlPlugin } from '@kith/plugin-sql';
import { silentLogger } from './test-agent';

/** What each paid call reports: gpt-4o-mini, 2,000 input tokens of which 1,500 cached, 100 output. */
export const PAID_USAGE = { model: 'gpt-4o-mini', promptTokens: 2000, cachedInputTokens: 1500, completionTokens: 100 };
/** Its cost at the default gpt-4o-mini prices. */
export const PAID_CALL_USD = (500 * 0.15 + 1500 * 0.075 + 100 * 0.6) / 1e6;

/** Stands in for @kith/plugin-eliza-classic: answers past the budget. */
export const offlineModel: Plugin = {
  name: 'eliza-classic',
  description: 'offline stand-in',
  priority: -1000,
  models: { TEXT_LARGE: async () => scriptedReply('An offline answer.'), TEXT_SMALL: async () => scriptedReply('ok') },
};

export interface CostlyAgent {
  runtime: AgentRuntime;
  model: ScriptedModel;
  /** TEXT_LARGE outputs to use next; when empty the agent says "A paid answer." */
  queue: string[];
}

/**
 * An agent on a real SQLite file whose scripted model reports token usage
 * and its model name as plugin-openai does, with prompts kept
 * (LOG_PROMPTS_TO_DB) and the offline model behind it.
 */
export async function createCostlyAgent(
  dataDir: string,
  settings: Record<string, string> = {},
  name = testCharacter.name,
): Promise<CostlyAgent> {
  const queue: string[] = [];
  const model = createScriptedModel(
    (_prompt, type) =>
      type === 'TEXT_LARGE' ? (queue.shift() ?? scriptedReply('A paid answer.')) : scriptedReply('ok'),
    {
      usage: ({ modelType }) => (modelType === 'TEXT_LARGE' ? PAID_USAGE : undefined),
    },
  );
  const agentId = stringToUuid(name);
  const logger = silentLogger();
  const runtime = new AgentRuntime({
    character: { ...structuredClone(testCharacter), name, id: agentId },
    agentId,
    plugins: [sqlPlugin, bootstrapPlugin, createScriptedModelPlugin(model, { embeddingDims: 384 }), offlineModel],
    adapter: createDatabaseAdapter({ dataDir, logger }, agentId),
    settings: { LOG_PROMPTS_TO_DB: 'true', REFLECTION_INTERVAL: '0', ...settings },
    logger,
  });
  await runtime.initialize();
  return { runtime, model, queue };
}
