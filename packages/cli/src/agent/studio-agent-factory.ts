import { CharacterValidationError, type Character } from '@kith/core';
import type { AgentFactory } from '@kith/server';
import { validateCharacter } from '../character/load-character';
import { findInstalledPackage, type PackageJson, splitSpecifier } from '../plugins/installed-package';
import { ELIZA_REPLACEMENTS, REQUIRED_PLUGINS } from '../plugins/resolve-plugins';
import { installedPackageNames } from '../plugins/suggest-package';
import { createAgent } from './create-agent';

export interface StudioAgentFactoryOptions {
  dataDir?: string;
  databaseUrl?: string;
  /** Where plugin packages are looked for (default: the working folder, then the CLI's own). */
  searchPaths?: string[];
  /** Receives each studio agent's start-up line (model, notices). */
  out?: (line: string) => void;
}

/** Names that look like agent plugins: `plugin-*` packages and their scoped forms. */
const PLUGIN_NAME = /(^|\/)(plugin-|eliza-plugin-|kith-plugin-)/;

const CORES = ['@kith/core', '@elizaos/core'];

function buildsOnCore(json: PackageJson | undefined): boolean {
  if (!json) return false;
  return CORES.some((core) => Boolean(json.dependencies?.[core] ?? json.peerDependencies?.[core]));
}

/**
 * The agent factory `kith start` gives the server: characters checked as character files are
 * (plus every plugin installed), runtimes built as `kith start` builds them, on the same database.
 */
export function studioAgentFactory(options: StudioAgentFactoryOptions = {}): AgentFactory {
  const searchPaths = options.searchPaths ?? [process.cwd()];
  const out = options.out ?? ((line: string) => void process.stdout.write(`${line}\n`));
  return {
    validate(value: unknown): Character {
      const character = validateCharacter(value, 'character');
      const problems = (character.plugins ?? []).flatMap((specifier, index) => {
        const { name } = splitSpecifier(specifier);
        if (ELIZA_REPLACEMENTS[specifier] || findInstalledPackage(name, [...searchPaths, __dirname])) return [];
        return [
          `plugins[${index}]: "${specifier}" is not installed here (npm install ${name}, then restart the server)`,
        ];
      });
      if (problems.length) throw new CharacterValidationError('character', problems);
      return character;
    },
    async create(character: Character) {
      return createAgent({
        character,
        dataDir: options.dataDir,
        databaseUrl: options.databaseUrl,
        announce: (line) => out(`${character.name} (studio): ${line}`),
        notice: (line) => out(`  note: ${line}`),
      });
    },
    installedPlugins(): string[] {
      const paths = [...searchPaths, __dirname];
      const names = [...new Set(installedPackageNames(paths))].filter(
        (name) => PLUGIN_NAME.test(name) && !REQUIRED_PLUGINS.includes(name),
      );
      // Build tools name packages plugin-* too (@babel/plugin-*): an agent plugin depends on a core.
      return names.filter((name) => buildsOnCore(findInstalledPackage(name, paths)?.json)).sort();
    },
  };
}
