export { buildProgram, main } from './program';
export {
  loadCharacter,
  validateCharacter,
  DEFAULT_CHARACTER_PATH,
  type LoadCharacterOptions,
} from './character/load-character';
export { applyEnvironmentSecrets, characterEnvPrefix } from './character/character-secrets';
export { characterSchema, type CharacterFile } from './character/character-schema';
export {
  loadPlugin,
  loadPluginPackage,
  pickPluginExport,
  pluginSpecifiers,
  resolvePlugins,
  resolveAgentPlugins,
  REQUIRED_PLUGINS,
  DEFAULT_MODEL_PLUGIN,
  type LoadedPlugin,
  type ResolvedPlugins,
} from './plugins/resolve-plugins';
export {
  chooseModelPlugin,
  characterSettingsSource,
  OPENAI_MODEL_PLUGIN,
  OFFLINE_MODEL_PLUGIN,
  type ModelChoice,
} from './plugins/choose-model-plugin';
export { pluginRegistrations, describeRegistrations, type PluginRegistrations } from './plugins/describe-plugin';
export { createAgent, resolveDataDir, type CreateAgentOptions } from './agent/create-agent';
export {
  loadProject,
  isLocalPluginPath,
  type LoadedProject,
  type LoadProjectOptions,
  type ProjectAgentSpec,
  type ProjectPlugin,
} from './project/load-project';
export { findProjectFiles, resolveProject, type ResolvedProject } from './project/resolve-project';
export { runTestSuites, type SuiteSource, type RunTestSuitesOptions } from './project/run-test-suites';
export { formatBootReport } from './agent/format-boot-report';
export { RemoteChatSession, type RemoteChatOptions } from './remote/remote-chat-session';
export { ServerRequestError } from './remote/server-request-error';
export { CliErrorCode, type CliErrorCodeName } from './errors/cli-error-codes';
export { NpmCommandError } from './errors/npm-command-error';
export {
  findKithWorkspace,
  findWorkspaceRoot,
  loadPluginGenerator,
  type PluginGeneratorOptions,
  type PluginGeneratorResult,
} from './generators/load-plugin-generator';
export {
  scaffoldAgent,
  scaffoldStandalonePlugin,
  type ScaffoldAgentOptions,
  type ScaffoldPluginOptions,
} from './scaffold';
