// Small config-loading helpers for plugins (seed 002): precedence, coercion, validation.
export { resolveSettingRaw, type SettingsSource } from './resolve-setting-raw';
export { collectSettings } from './collect-settings';
export { getBooleanSetting } from './get-boolean-setting';
export { getNumberSetting, type NumberSettingOptions } from './get-number-setting';
export { getEnumSetting } from './get-enum-setting';
export { getCsvListSetting } from './get-csv-list-setting';
export { parseListSetting } from './parse-list-setting';
export {
  formatConfigErrors,
  describeConfigIssues,
  type ConfigIssue,
  type ConfigErrorLike,
} from './format-config-errors';
export {
  loadPluginConfig,
  loadPluginConfigOrThrow,
  type ConfigSchema,
  type LoadPluginConfigResult,
} from './load-plugin-config';
