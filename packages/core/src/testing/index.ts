// @kith/core/test: test doubles for agents and plugins.
export { InMemoryDatabaseAdapter } from './in-memory-database-adapter';
export {
  createScriptedModel,
  type ModelScript,
  type ModelScriptFunction,
  type ScriptedModel,
  type ScriptedModelCall,
  type ScriptedModelOptions,
} from './scripted-model';
export { scriptedReply, type ScriptedReplyOptions } from './scripted-reply';
export { createScriptedModelPlugin, type ScriptedModelPluginOptions } from './scripted-model-plugin';
export { createTestRuntime, type TestRuntimeOptions } from './create-test-runtime';
export { testCharacter } from './test-character';
export { deterministicEmbedding } from './deterministic-embedding';
export { seededRandom } from './seeded-random';
export { createCapturingLogger, type CapturingLogger, type CapturedLogEntry } from './capturing-logger';
// The adapter contract suite needs jest: import it from '@kith/core/test/adapter-contract'.
