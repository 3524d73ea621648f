export { buildProgram, main } from './program';
export { loadCharacter, validateCharacter, DEFAULT_CHARACTER_PATH } from './character/load-character';
export { characterSchema, type CharacterFile } from './character/character-schema';
export { loadPlugin, pickPluginExport, pluginSpecifiers, resolvePlugins, REQUIRED_PLUGINS, DEFAULT_MODEL_PLUGIN } from './plugins/resolve-plugins';
export { createAgent, type CreateAgentOptions } from './agent/create-agent';
