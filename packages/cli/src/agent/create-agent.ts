import { resolve } from 'node:path';
import { AgentRuntime, createLogger, type Character } from '@kith/core';
import { resolvePlugins } from '../plugins/resolve-plugins';

export interface CreateAgentOptions {
  character: Character;
  dataDir?: string;
  logLevel?: string;
}

/** Builds and initialises an agent for a validated character. */
export async function createAgent(options: CreateAgentOptions): Promise<AgentRuntime> {
  const dataDir = resolve(options.dataDir ?? process.env.KITH_DATA_DIR ?? '.kith');
  const plugins = await resolvePlugins(options.character.plugins);
  const runtime = new AgentRuntime({
    character: options.character,
    plugins,
    settings: { KITH_DATA_DIR: dataDir },
    logger: createLogger({ namespace: options.character.name, level: options.logLevel }),
  });
  await runtime.initialize();
  return runtime;
}
