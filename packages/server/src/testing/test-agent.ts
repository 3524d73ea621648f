import { type AgentRuntime, type Character, createLogger, type Plugin } from '@kith/core';
import {
  createScriptedModel,
  createScriptedModelPlugin,
  createTestRuntime,
  scriptedReply,
  type ScriptedModel,
  testCharacter,
} from '@kith/core/test';
import { bootstrapPlugin } from '@kith/plugin-bootstrap';

export interface TestAgent {
  runtime: AgentRuntime;
  model: ScriptedModel;
  /** TEXT_LARGE outputs to use next, in order; when empty the agent says DEFAULT_REPLY. */
  queue: string[];
}

export const DEFAULT_REPLY = 'Hello from the test agent.';

export interface TestAgentOptions {
  name?: string;
  plugins?: Plugin[];
  /** Register a TEXT_EMBEDDING handler (default true). */
  embedding?: boolean;
  settings?: Record<string, string>;
}

export const silentLogger = () => createLogger({ level: process.env.LOG_LEVEL ?? 'silent', namespace: 'test' });

/** A real runtime: bootstrap pipeline, in-memory adapter, scripted model (queue for TEXT_LARGE, "ok" otherwise). */
export async function createTestAgent(options: TestAgentOptions = {}): Promise<TestAgent> {
  const queue: string[] = [];
  const model = createScriptedModel((_prompt, modelType) =>
    modelType === 'TEXT_LARGE' ? (queue.shift() ?? scriptedReply(DEFAULT_REPLY)) : scriptedReply('ok'),
  );
  const character: Character = { ...testCharacter, name: options.name ?? testCharacter.name };
  const runtime = await createTestRuntime({
    character,
    plugins: [
      bootstrapPlugin,
      createScriptedModelPlugin(model, options.embedding === false ? {} : { embeddingDims: 384 }),
      ...(options.plugins ?? []),
    ],
    settings: options.settings,
  });
  return { runtime, model, queue };
}
