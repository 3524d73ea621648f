export {
  pluginNames,
  pluginNameProblems,
  PLUGIN_NAME_PATTERN,
  type PluginNameOptions,
  type PluginNames,
} from './plugin-names';
export { renderTemplate, renderTemplateFolder, type TemplateValues } from './render-template';
export { PLUGIN_SOURCE_TEMPLATES, TEMPLATES_DIR } from './templates-dir';
export { scaffoldStandalonePlugin, type ScaffoldPluginOptions, type ScaffoldedPlugin } from './scaffold-plugin';
export { scaffoldAgent, type ScaffoldAgentOptions, type ScaffoldedAgent } from './scaffold-agent';
