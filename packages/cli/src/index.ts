export { buildProgram, main } from './program';
export { loadCharacter, validateCharacter, DEFAULT_CHARACTER_PATH } from './character/load-character';
export { characterSchema, type CharacterFile } from './character/character-schema';
export {
  loadPlugin,
  pickPluginExport,
  pluginSpecifiers,
  resolvePlugins,
  resolveAgentPlugins,
  REQUIRED_PLUGINS,
  DEFAULT_MODEL_PLUGIN,
  type ResolvedPlugins,
} from './plugins/resolve-plugins';
export { chooseModelPlugin, characterSettingsSource, OPENAI_MODEL_PLUGIN, OFFLINE_MODEL_PLUGIN, type ModelChoice } from './plugins/choose-model-plugin';
export { createAgent, type CreateAgentOptions } from './agent/create-agent';
