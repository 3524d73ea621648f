import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { ConfigValidationError } from '@kith/core';
import { askOnTerminal, chooseCharacterFile } from '../project/choose-character-file';
import { coreOverrideSpec, realCoresInLock, realCoresInstalled } from '../project/core-override';
import { findProjectDir, readProjectPackageJson, writeProjectPackageJson } from '../project/project-package-json';

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

function npm(dir: string, args: string[]): void {
  const result = spawnSync('npm', args, { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  if (result.error) throw new ConfigValidationError('kith add', [`could not run npm (${result.error.message}): is npm on the PATH?`]);
  if (result.status !== 0) throw new ConfigValidationError('kith add', [`npm ${args.join(' ')} failed (exit ${result.status}); its output is above`]);
}

/**
 * `kith add <package>...`: installs plugin packages the way Kith needs them.
 * npm first resolves the tree without installing; if it would bring a real
 * @elizaos/core, the overrides entry that makes every copy resolve to
 * @kith/core is written to package.json before the install. Then the
 * packages go into the character's `plugins` list.
 */
export async function addCommand(specs: string[], options: AddCommandOptions): Promise<void> {
  const cwd = process.cwd();
  const dir = findProjectDir(cwd) ?? cwd;
  if (!existsSync(join(dir, 'package.json'))) writeProjectPackageJson(dir, { name: basename(dir).toLowerCase().replace(/[^a-z0-9-]+/g, '-'), private: true });
  const characterFile = resolve(cwd, await chooseCharacterFile(cwd, options.character, process.stdin.isTTY ? askOnTerminal : undefined));
  const character = JSON.parse(readFileSync(characterFile, 'utf8')) as { plugins?: unknown };
  if (character.plugins !== undefined && !Array.isArray(character.plugins)) {
    throw new ConfigValidationError('kith add', [`${characterFile}: "plugins" must be a list of package names`]);
  }

  const before = { ...readProjectPackageJson(dir).dependencies };
  const flags = ['--no-audit', '--no-fund', ...(options.ignoreScripts ? ['--ignore-scripts'] : [])];
  npm(dir, ['install', '--package-lock-only', ...flags, ...specs]);
  const json = readProjectPackageJson(dir);
  const overrides = (json.overrides ?? {}) as Record<string, unknown>;
  if (realCoresInLock(join(dir, 'package-lock.json')).length > 0 && overrides['@elizaos/core'] === undefined) {
    const spec = coreOverrideSpec(json, dir);
    json.overrides = { ...overrides, '@elizaos/core': spec };
    writeProjectPackageJson(dir, json);
    out(`package.json: "overrides": {"@elizaos/core": "${spec}"} (every @elizaos/core copy resolves to @kith/core)`);
  }
  npm(dir, ['install', ...flags]);
  const foreign = realCoresInstalled(dir);
  if (foreign.length > 0) {
    throw new ConfigValidationError('kith add', [
      `npm still installed elizaOS's own @elizaos/core at ${foreign.map((f) => relative(dir, f)).join(', ')}: check "overrides" in package.json (the "@elizaos/core" entry must point at @kith/core), then run npm install`,
    ]);
  }

  const after = readProjectPackageJson(dir).dependencies ?? {};
  const names = new Set<string>();
  for (const spec of specs) {
    const name = packageNameOf(spec);
    if (name) names.add(name);
  }
  for (const [name, spec] of Object.entries(after)) if (before[name] !== spec && !names.has(name)) names.add(name);
  const plugins = (character.plugins as string[] | undefined) ?? [];
  const added = [...names].filter((name) => !plugins.includes(name));
  if (added.length > 0) {
    character.plugins = [...plugins, ...added];
    writeFileSync(characterFile, `${JSON.stringify(character, null, 2)}\n`);
  }
  const shown = relative(cwd, characterFile) || characterFile;
  out(added.length > 0 ? `${shown}: added ${added.join(', ')} to "plugins"` : `${shown}: "plugins" already lists ${[...names].join(', ')}`);
}

