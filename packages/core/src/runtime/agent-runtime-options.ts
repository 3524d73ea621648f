import type { Logger } from '../logger/logger';
import type { Character } from '../types/character';
import type { IDatabaseAdapter } from '../types/database';
import type { Plugin, Route } from '../types/plugin';
import type { UUID } from '../types/primitives';
import type { SettingValue } from './setting-lookup/runtime-settings';

export interface AgentRuntimeOptions {
  character: Character;
  agentId?: UUID;
  plugins?: Plugin[];
  adapter?: IDatabaseAdapter;
  settings?: Record<string, SettingValue | undefined>;
  logger?: Logger;
  fetch?: typeof fetch;
}

/** A plugin route with the plugin that registered it. */
export type RegisteredRoute = Route & { pluginName: string };
