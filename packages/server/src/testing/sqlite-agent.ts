import { AgentRuntime, stringToUuid } from '@kith/core';
import {
  createScriptedModel,
  createScriptedModelPlugin,
  scriptedReply,
  type ScriptedModel,
  testCharacter,
} from '@kith/core/test';
import { bootstrapPlugin } from '@kith/plugin-bootstrap';
import { createDatabaseAdapter, sqlPlugin } from '@kith/plugin-sql';
import { silentLogger } from './test-agent';

/** An agent on a real SQLite file in `dataDir`, as a process would start it; TEXT_LARGE says `replies` in order, then "default". */
export async function sqliteAgent(
  dataDir: string,
  replies: string[],
): Promise<{ runtime: AgentRuntime; model: ScriptedModel }> {
  const model = createScriptedModel((_prompt, type) =>
    type === 'TEXT_LARGE' ? (replies.shift() ?? scriptedReply('default')) : scriptedReply('ok'),
  );
  const agentId = stringToUuid(testCharacter.name);
  const logger = silentLogger();
  const runtime = new AgentRuntime({
    character: structuredClone(testCharacter),
    agentId,
    plugins: [sqlPlugin, bootstrapPlugin, createScriptedModelPlugin(model, { embeddingDims: 384 })],
    adapter: createDatabaseAdapter({ dataDir, logger }, agentId),
    logger,
  });
  await runtime.initialize();
  return { runtime, model };
}
