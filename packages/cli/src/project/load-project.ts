import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { CharacterValidationError, type Character, type IAgentRuntime, type Plugin, type TestSuite } from '@kith/core';
import { applyEnvironmentSecrets } from '../character/character-secrets';
import { loadCharacter, validateCharacter } from '../character/load-character';
import { pickPluginExport } from '../plugins/load-plugin-package';
import { importModule, isModuleFile } from './import-module';

/** A plugin object that comes from the project's code, with where it came from. */
export interface ProjectPlugin {
  /** The path the character names (`./plugins/weather.ts`), or `project` for an agent's `plugins` entry. */
  specifier: string;
  plugin: Plugin;
}

/** One agent as the project defines it, checked and ready to start. */
export interface ProjectAgentSpec {
  character: Character;
  /** Local plugins (named by path in the character) and the agent's own `plugins` objects. */
  plugins: ProjectPlugin[];
  /** Runs once the agent has started, as elizaOS runs a project agent's init. */
  init?: (runtime: IAgentRuntime) => Promise<void> | void;
  /** The agent's own `tests` suites (its plugins' suites are on the plugins). */
  tests: TestSuite[];
}

export interface LoadedProject {
  file: string;
  /** `json` (a character file), `character` (a module exporting one) or `project` (a module exporting `{ agents }`). */
  kind: 'json' | 'character' | 'project';
  agents: ProjectAgentSpec[];
}

export interface LoadProjectOptions {
  /** Where `<CHARACTER_NAME>_<KEY>` secrets are read from; default process.env. */
  env?: NodeJS.ProcessEnv;
}

const fail = (file: string, problem: string, cause?: unknown): never => {
  throw new CharacterValidationError(file, [problem], cause === undefined ? undefined : { cause });
};

/** `./x`, `../x` or an absolute path: a module of the project rather than an npm package. */
export function isLocalPluginPath(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || isAbsolute(specifier);
}

/** A path as the user reads it: relative to the current folder when inside it. */
function show(path: string): string {
  const relativePath = relative(process.cwd(), path);
  return relativePath && !relativePath.startsWith('..') ? relativePath : path;
}

/** Where a module failed: esbuild's `file:line:column: ERROR: ...`, else the first stack frame inside the project. */
function describeImportFailure(file: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const syntax = /([^\s:]+):(\d+):(\d+): ERROR: (.+)/.exec(message);
  if (syntax) {
    // esbuild counts columns from 0.
    return `${show(syntax[1])} line ${syntax[2]}, column ${Number(syntax[3]) + 1}: ${syntax[4]}: fix the syntax there`;
  }
  const folder = dirname(resolve(file));
  const frame = ((error as Error | undefined)?.stack ?? '')
    .split('\n')
    .map((line) => /\(?((?:file:\/\/)?\/[^():]+):(\d+):\d+\)?$/.exec(line.trim()))
    .find((match) => match && match[1].replace('file://', '').startsWith(folder) && !match[1].includes('node_modules'));
  const where = frame ? ` (${show(frame[1].replace('file://', ''))} line ${frame[2]})` : '';
  const missing = /Cannot find (?:module|package) '([^']+)'/.exec(message);
  const fix = missing
    ? `install "${missing[1]}" (npm install ${missing[1]}) or fix the import`
    : 'fix the code that throws while the module loads';
  return `importing it threw${where}: ${message.split('\n')[0]}: ${fix}`;
}

function importProjectModule(file: string): Record<string, unknown> {
  try {
    return importModule(file);
  } catch (error) {
    return fail(file, describeImportFailure(file, error), error);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The plugin objects a character names by path, imported relative to `baseDir`; the package names stay in its list. */
function splitLocalPlugins(character: Character, baseDir: string, file: string): ProjectPlugin[] {
  const local = (character.plugins ?? []).filter(isLocalPluginPath);
  if (local.length === 0) return [];
  character.plugins = (character.plugins ?? []).filter((p) => !isLocalPluginPath(p));
  return local.map((specifier) => {
    const path = resolve(baseDir, specifier);
    const exports = importProjectModule(path);
    try {
      return { specifier, plugin: pickPluginExport(specifier, exports) };
    } catch (error) {
      return fail(file, `plugin "${specifier}": ${(error as Error).message}`, error);
    }
  });
}

function checkPlugin(file: string, where: string, value: unknown): Plugin {
  if (!isRecord(value) || typeof value.name !== 'string' || value.name.length === 0) {
    return fail(
      file,
      `${where}: not a plugin object: give it a "name" and a "description" (definePlugin({ name, description, ... }))`,
    );
  }
  if (typeof value.description !== 'string') {
    return fail(file, `${where} ("${value.name}"): a plugin needs a "description" string`);
  }
  for (const key of ['actions', 'providers', 'evaluators', 'services', 'routes', 'tests'] as const) {
    if (value[key] !== undefined && !Array.isArray(value[key])) {
      return fail(file, `${where} ("${value.name}"): "${key}" must be a list`);
    }
  }
  return value as unknown as Plugin;
}

function toSuites(file: string, where: string, value: unknown): TestSuite[] {
  if (value === undefined) return [];
  const suites = Array.isArray(value) ? value : [value];
  for (const suite of suites) {
    if (!isRecord(suite) || typeof suite.name !== 'string' || !Array.isArray(suite.tests)) {
      fail(file, `${where}: a test suite is { name, tests: [{ name, fn }] }`);
    }
  }
  return suites as TestSuite[];
}

function checkCharacter(file: string, where: string, value: unknown, env: NodeJS.ProcessEnv): Character {
  try {
    return applyEnvironmentSecrets(validateCharacter(value, file), env);
  } catch (error) {
    if (CharacterValidationError.isInstance(error) && where) {
      throw new CharacterValidationError(
        file,
        error.problems.map((p) => `${where}: ${p}`),
        { cause: error },
      );
    }
    throw error;
  }
}

function agentsOf(file: string, project: Record<string, unknown>, env: NodeJS.ProcessEnv): ProjectAgentSpec[] {
  const agents = project.agents;
  if (!Array.isArray(agents) || agents.length === 0) {
    return fail(
      file,
      'the project has no agents: export { agents: [{ character }] } (defineProject({ agents: [...] }))',
    );
  }
  return agents.map((agent, i) => {
    const where = `agents[${i}]`;
    if (!isRecord(agent) || !isRecord(agent.character)) {
      return fail(file, `${where}: an agent is { character, plugins?, init?, tests? }; its "character" is missing`);
    }
    const character = checkCharacter(file, `${where}.character`, agent.character, env);
    const local = splitLocalPlugins(character, dirname(file), file);
    if (agent.plugins !== undefined && !Array.isArray(agent.plugins)) fail(file, `${where}.plugins must be a list`);
    const own = ((agent.plugins as unknown[] | undefined) ?? []).map((plugin, j) => ({
      specifier: 'project',
      plugin: checkPlugin(file, `${where}.plugins[${j}]`, plugin),
    }));
    if (agent.init !== undefined && typeof agent.init !== 'function') fail(file, `${where}.init must be a function`);
    return {
      character,
      plugins: [...local, ...own],
      init: agent.init as ProjectAgentSpec['init'],
      tests: toSuites(file, `${where}.tests`, agent.tests),
    };
  });
}

/** The modules a package.json can name as its project: its `main`, then dist/index.js (where elizaOS builds one). */
export function projectModuleCandidates(dir: string, main: unknown): { path: string; why: string }[] {
  return [
    ...(typeof main === 'string' ? [{ path: main, why: 'package.json "main"' }] : []),
    { path: 'dist/index.js', why: 'the built project' },
  ].filter(({ path }) => {
    const file = resolve(dir, path);
    return isModuleFile(file) && existsSync(file);
  });
}

/**
 * `-c package.json`: the project its main module exports (or dist/index.js), never
 * an agent named after the package: a package.json whose modules export no
 * character or project is refused, with what to give instead.
 */
function loadPackageJsonProject(file: string, options: LoadProjectOptions): LoadedProject {
  let main: unknown;
  try {
    main = (JSON.parse(readFileSync(file, 'utf8')) as { main?: unknown }).main;
  } catch (error) {
    return fail(file, `cannot read it as a package.json (${(error as Error).message})`, error);
  }
  const candidates = projectModuleCandidates(dirname(file), main);
  for (const { path } of candidates) {
    try {
      return loadProject(resolve(dirname(file), path), options);
    } catch (error) {
      if (!/exports neither a character nor a project/.test((error as Error).message)) throw error;
    }
  }
  const looked =
    candidates.map(({ path }) => path).join(' and ') || `no module (main: ${JSON.stringify(main ?? null)})`;
  return fail(
    file,
    `a package.json is neither a character nor a project: ${looked} exports no agents. Give -c the character file (JSON) or the module that exports the project ({ agents: [...] }), or build the project (npm run build) and run kith start in its folder without -c`,
  );
}

/**
 * Reads what `-c FILE` names: a character file (JSON), or a JavaScript/TypeScript module that
 * exports a character (default export or `character`) or a project (`{ agents: [...] }`).
 * Local plugins named by path are imported too. Everything is checked before anything starts:
 * a bad file throws CharacterValidationError naming the file, the place and the fix.
 */
export function loadProject(path: string, options: LoadProjectOptions = {}): LoadedProject {
  const file = resolve(path);
  const env = options.env ?? process.env;
  if (basename(file) === 'package.json') return loadPackageJsonProject(file, options);
  if (!isModuleFile(file)) {
    const character = loadCharacter(file, { env });
    const plugins = splitLocalPlugins(character, dirname(file), file);
    return { file, kind: 'json', agents: [{ character, plugins, tests: [] }] };
  }
  const exports = importProjectModule(file);
  // An ES module's default export, or CommonJS `module.exports`, possibly with a nested default.
  let main: unknown = exports.default ?? exports;
  if (isRecord(main) && isRecord(main.default) && !('agents' in main) && !('name' in main)) main = main.default;
  if (isRecord(main) && 'agents' in main) return { file, kind: 'project', agents: agentsOf(file, main, env) };
  const value = isRecord(exports.character) ? exports.character : isRecord(main) && 'name' in main ? main : undefined;
  if (!value) {
    const names = Object.keys(exports).join(', ') || '(none)';
    return fail(
      file,
      `the module exports neither a character nor a project (exports: ${names}): export default a character ({ name, bio, ... }) or a project ({ agents: [{ character }] })`,
    );
  }
  const character = checkCharacter(file, '', value, env);
  const plugins = splitLocalPlugins(character, dirname(file), file);
  return { file, kind: 'character', agents: [{ character, plugins, tests: [] }] };
}
