export { pluginGenerator } from './generators/plugin/generator';
export { pluginNames, pluginNameProblems, PLUGIN_NAME_PATTERN, type PluginNames } from '@kith/cli/scaffold';
export type { PluginGeneratorSchema } from './generators/plugin/plugin-generator-schema';
export { runPluginGenerator, type PluginGeneratorRun } from './run-plugin-generator';
