import type { Character, IAgentRuntime } from '@kith/core';

/** Where an agent comes from: a character file, a project's code, or the studio (made through the API, kept in the database). */
export type AgentSource = 'file' | 'project' | 'studio';

/**
 * What the server needs to make agents at run time (POST /api/agents). The CLI passes one built on
 * its own character validation and plugin loading: the server does not load plugins itself.
 */
export interface AgentFactory {
  /**
   * Checks a character as a character file is checked, plugins installed included; throws core's
   * CharacterValidationError with one `field: problem` line per problem.
   */
  validate(value: unknown): Character;
  /** Builds and initialises a runtime for a validated character (its `id` is the agent's id). */
  create(character: Character): Promise<IAgentRuntime>;
  /** The plugin packages a character may name, offered by the web page's editor. */
  installedPlugins(): string[];
}
