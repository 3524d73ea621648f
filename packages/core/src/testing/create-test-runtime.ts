import { createLogger, type Logger } from '../logger/logger';
import { AgentRuntime } from '../runtime/agent-runtime';
import type { SettingValue } from '../runtime/setting-lookup/runtime-settings';
import type { Character } from '../types/character';
import type { Plugin } from '../types/plugin';
import { stringToUuid } from '../uuid/uuid';
import { InMemoryDatabaseAdapter } from './in-memory-database-adapter';
import { testCharacter } from './test-character';

export interface TestRuntimeOptions {
  character?: Character;
  plugins?: Plugin[];
  settings?: Record<string, SettingValue | undefined>;
  /** Defaults to a logger at level `silent` (or LOG_LEVEL when set). */
  logger?: Logger;
}

/** An initialised AgentRuntime on a fresh InMemoryDatabaseAdapter. */
export async function createTestRuntime(options: TestRuntimeOptions = {}): Promise<AgentRuntime> {
  const character = structuredClone(options.character ?? testCharacter);
  const agentId = character.id ?? stringToUuid(character.name);
  const runtime = new AgentRuntime({
    character,
    agentId,
    plugins: options.plugins,
    settings: options.settings,
    adapter: new InMemoryDatabaseAdapter(agentId),
    logger: options.logger ?? createLogger({ level: process.env.LOG_LEVEL ?? 'silent', namespace: character.name }),
  });
  await runtime.initialize();
  return runtime;
}
