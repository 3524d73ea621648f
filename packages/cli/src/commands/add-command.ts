import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { ConfigValidationError } from '@kith/core';
import { NpmCommandError } from '../errors/npm-command-error';
import { askOnTerminal, chooseCharacterFile } from '../project/choose-character-file';
import { alignDirectCore, coreOverrideSpec, realCoresInLock, realCoresInstalled } from '../project/core-override';
import { ProjectFilesSnapshot } from '../project/project-files-snapshot';
import {
  findProjectDir,
  type ProjectPackageJson,
  readProjectPackageJson,
  writeProjectPackageJson,
} from '../project/project-package-json';

export interface AddCommandOptions {
  character?: string;
  /** Passed to npm: some elizaOS plugins run install scripts that need tools Kith does not (plugin-ollama: bun). */
  ignoreScripts?: boolean;
}

const out = (line: string) => void process.stdout.write(`${line}\n`);

/** The package name an npm spec names, when it names one (not for paths, tarballs and URLs). */
export function packageNameOf(spec: string): string | null {
  if (/^(\.|\/|~|file:|git[+:]|https?:|github:)/.test(spec) || /\.(tgz|tar\.gz)$/.test(spec)) return null;
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  return at < 0 ? spec : spec.slice(0, at);
}

/**
 * The package name a spec installed: its npm name, else (a folder or tarball
 * path) the folder's package.json name or the dependency npm saved as
 * `file:<path>`. Null when it cannot be told (git and URL specs).
 */
export function installedNameOf(
  spec: string,
  dependencies: Record<string, string>,
  cwd: string,
  projectDir: string,
): string | null {
  const name = packageNameOf(spec);
  if (name) return name;
  const path = /^file:(.*)$/.exec(spec)?.[1] ?? (/^(\.|\/|~)/.test(spec) ? spec : null);
  if (path === null) return null;
  const target = resolve(cwd, path.replace(/^~(?=\/|$)/, homedir()));
  const own = readPackageJsonName(join(target, 'package.json'));
  if (own) return own;
  const saved = `file:${relative(projectDir, target)}`;
  return Object.entries(dependencies).find(([, value]) => value === saved || value === `file:${target}`)?.[0] ?? null;
}

function readPackageJsonName(file: string): string | null {
  if (!existsSync(file)) return null;
  const name = (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name;
  return typeof name === 'string' && name.length > 0 ? name : null;
}

function npm(dir: string, args: string[]): void {
  const result = spawnSync('npm', args, { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  if (result.error) throw new NpmCommandError(args, null, { cause: result.error });
  if (result.status !== 0) throw new NpmCommandError(args, result.status);
}

/**
 * Installs the packages; if the tree would bring elizaOS's own @elizaos/core,
 * first writes the override that resolves every copy to @kith/core, with the
 * project's own @elizaos/core dependency set to the same spec (npm requires
 * both to match).
 */
function installWithOverride(dir: string, specs: string[], options: AddCommandOptions): void {
  const flags = ['--no-audit', '--no-fund', ...(options.ignoreScripts ? ['--ignore-scripts'] : [])];
  // An override written before (by hand, or an older kith add) must match the direct dependency before npm runs at all.
  const initial = readProjectPackageJson(dir);
  if (alignWithOverride(initial)) writeProjectPackageJson(dir, initial);
  npm(dir, ['install', '--package-lock-only', ...flags, ...specs]);
  const json = readProjectPackageJson(dir);
  if (coreOverrideOf(json) === undefined && realCoresInLock(join(dir, 'package-lock.json')).length > 0) {
    const spec = coreOverrideSpec(json, dir);
    json.overrides = { ...json.overrides, '@elizaos/core': spec };
    out(`package.json: "overrides": {"@elizaos/core": "${spec}"} (every @elizaos/core copy resolves to @kith/core)`);
    alignWithOverride(json);
    writeProjectPackageJson(dir, json);
  }
  npm(dir, ['install', ...flags]);
  const foreign = realCoresInstalled(dir);
  if (foreign.length > 0) {
    throw new ConfigValidationError('kith add', [
      `npm still installed elizaOS's own @elizaos/core at ${foreign.map((f) => relative(dir, f)).join(', ')}: check "overrides" in package.json (the "@elizaos/core" entry must point at @kith/core), then run npm install`,
    ]);
  }
}

function coreOverrideOf(json: ProjectPackageJson): string | undefined {
  const spec = json.overrides?.['@elizaos/core'];
  return typeof spec === 'string' ? spec : undefined;
}

/** Sets the project's own @elizaos/core dependency to its override's spec; true when it changed one. */
function alignWithOverride(json: ProjectPackageJson): boolean {
  const spec = coreOverrideOf(json);
  // A "$@kith/core"-style reference already matches the dependency it names.
  if (spec === undefined || spec.startsWith('$')) return false;
  const aligned = alignDirectCore(json, spec);
  for (const field of aligned)
    out(`package.json: "${field}": {"@elizaos/core": "${spec}"} (npm needs a direct dependency to match its override)`);
  return aligned.length > 0;
}

/**
 * `kith add <package>...`: installs plugin packages the way Kith needs them
 * (npm resolves the tree without installing first, so the override can be
 * written before the install), then lists them in the character's `plugins`.
 * A failed add puts package.json and package-lock.json back as they were.
 */
export async function addCommand(specs: string[], options: AddCommandOptions): Promise<void> {
  const cwd = process.cwd();
  const dir = findProjectDir(cwd) ?? cwd;
  if (!existsSync(join(dir, 'package.json')))
    writeProjectPackageJson(dir, {
      name: basename(dir)
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-'),
      private: true,
    });
  const characterFile = resolve(
    cwd,
    await chooseCharacterFile(cwd, options.character, process.stdin.isTTY ? askOnTerminal : undefined),
  );
  const character = JSON.parse(readFileSync(characterFile, 'utf8')) as { plugins?: unknown };
  if (character.plugins !== undefined && !Array.isArray(character.plugins)) {
    throw new ConfigValidationError('kith add', [`${characterFile}: "plugins" must be a list of package names`]);
  }

  const before = { ...readProjectPackageJson(dir).dependencies };
  const snapshot = ProjectFilesSnapshot.take(dir);
  try {
    installWithOverride(dir, specs, options);
  } catch (error) {
    const restored = snapshot.restore();
    if (restored.length > 0) out(`kith add failed: ${restored.join(' and ')} put back as they were`);
    throw error;
  }

  const after = readProjectPackageJson(dir).dependencies ?? {};
  const names = new Set<string>();
  const unnamed: string[] = [];
  for (const spec of specs) {
    const name = installedNameOf(spec, after, cwd, dir);
    if (name) names.add(name);
    else unnamed.push(spec);
  }
  // A git or URL spec that npm saved under a name just now.
  for (const [name, spec] of Object.entries(after)) if (before[name] !== spec && !names.has(name)) names.add(name);
  const plugins = (character.plugins as string[] | undefined) ?? [];
  const added = [...names].filter((name) => !plugins.includes(name));
  if (added.length > 0) {
    character.plugins = [...plugins, ...added];
    writeFileSync(characterFile, `${JSON.stringify(character, null, 2)}\n`);
  }
  const shown = relative(cwd, characterFile) || characterFile;
  const listed = [...names].filter((name) => !added.includes(name));
  if (added.length > 0) out(`${shown}: added ${added.join(', ')} to "plugins"`);
  if (listed.length > 0) out(`${shown}: "plugins" already lists ${listed.join(', ')}`);
  if (unnamed.length > 0 && names.size === 0)
    out(`${shown}: could not tell which package ${unnamed.join(', ')} installed: add its name to "plugins" yourself`);
}
