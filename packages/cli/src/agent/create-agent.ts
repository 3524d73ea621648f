import { resolve } from 'node:path';
import { AgentRuntime, createLogger, type Character, type IAgentRuntime, type Plugin } from '@kith/core';
import { resolveAgentPlugins } from '../plugins/resolve-plugins';

export interface CreateAgentOptions {
  character: Character;
  dataDir?: string;
  /** PostgreSQL instead of SQLite (`--database-url`; else KITH_DATABASE_URL or POSTGRES_URL from the environment or the character). */
  databaseUrl?: string;
  logLevel?: string;
  /** Receives the one start-up line naming the model (default: written to stderr). */
  announce?: (line: string) => void;
  /** Plugin objects from the project's code, installed along with the ones the character names. */
  projectPlugins?: readonly { specifier: string; plugin: Plugin }[];
  /** A project agent's init: runs once the agent has started, as elizaOS runs it. */
  init?: (runtime: IAgentRuntime) => Promise<void> | void;
  /** Receives one line per elizaOS plugin that a Kith plugin stands in for (default: written to stderr). */
  notice?: (line: string) => void;
}

/** The database folder: the option, else KITH_DATA_DIR, else ./.kith. */
export function resolveDataDir(dataDir?: string): string {
  return resolve(dataDir ?? process.env.KITH_DATA_DIR ?? '.kith');
}

/** Builds and initialises an agent for a validated character. */
export async function createAgent(options: CreateAgentOptions): Promise<AgentRuntime> {
  const dataDir = resolveDataDir(options.dataDir);
  const { plugins, model, notices } = await resolveAgentPlugins(options.character, undefined, {
    projectPlugins: options.projectPlugins,
  });
  const stderr = (line: string) => void process.stderr.write(`${line}\n`);
  for (const line of notices) (options.notice ?? stderr)(line);
  if (model) (options.announce ?? stderr)(`model: ${model.description}`);
  const runtime = new AgentRuntime({
    character: options.character,
    plugins,
    settings: { KITH_DATA_DIR: dataDir, ...(options.databaseUrl ? { KITH_DATABASE_URL: options.databaseUrl } : {}) },
    logger: createLogger({ namespace: options.character.name, level: options.logLevel }),
  });
  await runtime.initialize();
  if (options.init) {
    try {
      await options.init(runtime);
    } catch (error) {
      await runtime.stop();
      throw error;
    }
  }
  return runtime;
}
