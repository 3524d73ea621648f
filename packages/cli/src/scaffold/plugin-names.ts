import { posix } from 'node:path';
import { ConfigValidationError } from '@kith/core';

/** Lowercase words of letters and digits joined by single hyphens, starting with a letter. */
export const PLUGIN_NAME_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const SCOPE_PATTERN = /^@[a-z0-9][a-z0-9._~-]*$/;

/** What a plugin's names derive from (the options of `kith create plugin` and of the Nx generator). */
export interface PluginNameOptions {
  /** Kebab-case plugin name: `weather` gives the folder plugin-weather. */
  name: string;
  /** npm scope, `@kith` by default; an empty string gives the unscoped `kith-plugin-NAME`. */
  scope?: string;
  /** Folder of the package folder, relative and inside the workspace (or the current folder); `packages` by default. */
  directory?: string;
  description?: string;
}

/** Every name the templates need, derived from one kebab-case plugin name. */
export interface PluginNames {
  /** `weather-report`: the Plugin object's name. */
  name: string;
  /** `@kith/plugin-weather-report`; unscoped: `kith-plugin-weather-report`. */
  packageName: string;
  /** `packages/plugin-weather-report`, from the workspace root, with forward slashes. */
  projectRoot: string;
  /** `weatherReportPlugin`: the named export the CLI picks. */
  exportName: string;
  /** `WEATHER_REPORT`: the prefix of the example action's and provider's names. */
  constantName: string;
  /** `Weather Report` */
  title: string;
  description: string;
  /** The description as a JSON string literal, for code and JSON templates. */
  descriptionJson: string;
}

/** Best-effort kebab-case spelling of a name, offered in the error message. */
function suggestKebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '');
}

/** What is wrong with a plugin name, each problem with its fix; empty when it is fine. */
export function pluginNameProblems(name: string): string[] {
  if (name.trim() === '')
    return ['name: is required: the plugin name in kebab-case, e.g. "weather" (writes packages/plugin-weather)'];
  if (/^plugin-/.test(name) && PLUGIN_NAME_PATTERN.test(name)) {
    return [
      `name: "${name}" already starts with "plugin-": pass "${name.slice('plugin-'.length)}"; the package folder gets the prefix`,
    ];
  }
  if (PLUGIN_NAME_PATTERN.test(name)) return [];
  const suggestion = suggestKebab(name);
  const hint =
    suggestion && PLUGIN_NAME_PATTERN.test(suggestion) ? `, e.g. "${suggestion}"` : ', e.g. "weather-report"';
  return [
    `name: "${name}" is not kebab-case: use lowercase letters and digits in words joined by single hyphens, starting with a letter${hint}`,
  ];
}

function optionProblems(scope: string, directory: string): string[] {
  const problems: string[] = [];
  if (scope !== '' && !SCOPE_PATTERN.test(scope)) {
    problems.push(
      `scope: "${scope}" is not an npm scope: use "@" and lowercase letters, digits, ".", "_" or "-", e.g. "@kith", or "" for an unscoped package`,
    );
  }
  const normalised = posix.normalize(directory.replace(/\\/g, '/'));
  if (directory === '' || posix.isAbsolute(normalised) || normalised === '..' || normalised.startsWith('../')) {
    problems.push(
      `directory: "${directory}" must be a folder inside the workspace, relative to its root, e.g. "packages"`,
    );
  }
  return problems;
}

/** Validates the generator options and derives every name; throws ConfigValidationError listing each problem. */
export function pluginNames(options: PluginNameOptions): PluginNames {
  const name = options.name ?? '';
  const scope = options.scope ?? '@kith';
  const directory = options.directory ?? 'packages';
  const problems = [...pluginNameProblems(name), ...optionProblems(scope, directory)];
  if (problems.length > 0) throw new ConfigValidationError('the plugin generator', problems);

  const words = name.split('-');
  const title = words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
  const folder = `plugin-${name}`;
  const description = options.description?.trim() || `${title}: a Kith plugin with an example action and provider.`;
  return {
    name,
    packageName: scope === '' ? `kith-${folder}` : `${scope}/${folder}`,
    projectRoot: posix.join(posix.normalize(directory.replace(/\\/g, '/')), folder),
    exportName: `${words[0]}${words
      .slice(1)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join('')}Plugin`,
    constantName: words.join('_').toUpperCase(),
    title,
    description,
    descriptionJson: JSON.stringify(description),
  };
}
