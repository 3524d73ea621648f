import { AgentRuntime, type Character, CharacterValidationError, type IAgentRuntime, type UUID } from '@kith/core';
import { createScriptedModel, createScriptedModelPlugin, scriptedReply } from '@kith/core/test';
import { bootstrapPlugin } from '@kith/plugin-bootstrap';
import { createDatabaseAdapter, sqlPlugin } from '@kith/plugin-sql';
import type { AgentFactory } from '../agents/agent-factory';
import { silentLogger } from './test-agent';

/** The one plugin package test characters may name. */
export const TEST_PLUGIN = '@kith/test-scripted-model';

export interface TestAgentFactory extends AgentFactory {
  /** Every TEXT_LARGE prompt of every agent the factory made, in order. */
  prompts: string[];
}

/**
 * An agent factory as `kith start` passes one, for tests: the name is required, only TEST_PLUGIN
 * is installed, agents run on SQLite in `dataDir` (or on `databaseUrl`) and answer "<name> here. <bio>" (read at each turn).
 */
export function testAgentFactory(options: { dataDir?: string; databaseUrl?: string }): TestAgentFactory {
  const prompts: string[] = [];
  return {
    prompts,
    validate(value: unknown): Character {
      const character = value as Partial<Character>;
      const problems: string[] = [];
      if (typeof character.name !== 'string' || !character.name.trim()) problems.push('name: is required');
      (character.plugins ?? []).forEach((plugin, index) => {
        if (plugin !== TEST_PLUGIN) problems.push(`plugins[${index}]: "${plugin}" is not installed here`);
      });
      if (problems.length) throw new CharacterValidationError('character', problems);
      return character as Character;
    },
    async create(character: Character): Promise<IAgentRuntime> {
      // Read from the runtime at each turn: the reply shows the character of that turn.
      const model = createScriptedModel((prompt, type) => {
        if (type !== 'TEXT_LARGE') return scriptedReply('ok');
        prompts.push(prompt);
        const { name, bio } = runtime.character;
        return scriptedReply(`${name} here. ${Array.isArray(bio) ? bio.join(' ') : bio}`.trim());
      });
      const logger = silentLogger();
      const agentId = character.id as UUID;
      const runtime = new AgentRuntime({
        character,
        plugins: [sqlPlugin, bootstrapPlugin, createScriptedModelPlugin(model, { embeddingDims: 384 })],
        adapter: options.databaseUrl
          ? createDatabaseAdapter({ url: options.databaseUrl, logger }, agentId)
          : createDatabaseAdapter({ dataDir: options.dataDir, logger }, agentId),
        logger,
      });
      await runtime.initialize();
      return runtime;
    },
    installedPlugins: () => [TEST_PLUGIN],
  };
}
