import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ConfigValidationError, stringToUuid } from '@kith/core';
import { DEFAULT_CHARACTER_PATH } from '../character/load-character';
import { findCharacterFiles } from './find-character-files';
import { loadProject, projectModuleCandidates, type LoadedProject, type ProjectAgentSpec } from './load-project';
import { readProjectPackageJson } from './project-package-json';

/** The files a command runs, the agents they define, and the line saying which files were chosen. */
export interface ResolvedProject {
  files: string[];
  projects: LoadedProject[];
  agents: ProjectAgentSpec[];
  /** Which file(s) were chosen and why, when none was given; null when `-c` named them or the shipped Eliza runs. */
  chosen: string | null;
}

/**
 * What a command runs when no `-c` is given, in `dir`: the package.json `main` module (else
 * dist/index.js, where elizaOS builds a project) when it exports a project or a character, else the folder's character files (its own and
 * characters/), else the shipped Eliza (`chosen` null: nothing to report).
 */
export function findProjectFiles(dir: string): { files: string[]; chosen: string | null } {
  const show = (file: string) => relative(process.cwd(), file) || file;
  if (existsSync(join(dir, 'package.json'))) {
    let main: unknown;
    try {
      main = readProjectPackageJson(dir).main;
    } catch {
      main = undefined;
    }
    // elizaOS's own builds may name a main that is not there (project-starter 1.7.2: dist/src/index.js, built to
    // dist/index.js); its CLI then runs dist/index.js, and so does kith.
    const candidates = projectModuleCandidates(dir, main);
    for (const { path, why } of candidates) {
      const file = resolve(dir, path);
      // Only a module that exports agents is taken: a library's main is not a project.
      const kind = probe(file);
      if (kind) return { files: [file], chosen: `${show(file)} (${why}, a ${kind})` };
    }
  }
  const characters = findCharacterFiles(dir).map((file) => join(dir, file));
  // The CLI's own folder holds the shipped Eliza: nothing to report.
  if (characters.length === 1 && resolve(characters[0]) === DEFAULT_CHARACTER_PATH) {
    return { files: characters, chosen: null };
  }
  if (characters.length > 0) {
    return {
      files: characters,
      chosen: `${characters.map(show).join(', ')} (the character file${characters.length === 1 ? '' : 's'} in ${relative(process.cwd(), dir) || 'this folder'})`,
    };
  }
  return { files: [DEFAULT_CHARACTER_PATH], chosen: null };
}

/** A project or a character; null for any other module. An import error is the project's own and is thrown. */
function probe(file: string): 'project' | 'character' | null {
  try {
    return loadProject(file).kind === 'project' ? 'project' : 'character';
  } catch (error) {
    if (/exports neither a character nor a project/.test((error as Error).message)) return null;
    throw error;
  }
}

/**
 * Loads the files `-c` names (or finds the project's, see findProjectFiles) and checks that no
 * two agents share an id, before anything is started or written.
 */
export function resolveProject(
  given: readonly string[] | undefined,
  command: string,
  dir = process.cwd(),
): ResolvedProject {
  const found = given && given.length > 0 ? { files: [...given], chosen: null } : findProjectFiles(dir);
  const projects = found.files.map((file) => loadProject(file));
  const agents: ProjectAgentSpec[] = [];
  const seen = new Map<string, string>();
  projects.forEach((project, i) => {
    for (const agent of project.agents) {
      const id = agent.character.id ?? stringToUuid(agent.character.name);
      const other = seen.get(id);
      const here = `--character ${found.files[i]}${project.kind === 'project' ? ` (agent ${agent.character.name})` : ''}`;
      if (other) {
        throw new ConfigValidationError(command, [
          `${here}: same agent id as ${other} (characters with the same name share an id): give each its own "name" or "id"`,
        ]);
      }
      seen.set(id, here);
      agents.push(agent);
    }
  });
  return { files: found.files, projects, agents, chosen: found.chosen };
}

/** The one agent a single-agent command (chat, plugins, usage) works with: the first, with a note when there are more. */
export function firstAgent(project: ResolvedProject): { agent: ProjectAgentSpec; note: string | null } {
  const [agent, ...others] = project.agents;
  const note =
    others.length > 0
      ? `${project.agents.length} agents in the project: using the first, ${agent.character.name} (the others: ${others.map((a) => a.character.name).join(', ')})`
      : null;
  return { agent, note };
}

/**
 * The agent of a single-agent command (`kith chat`, `plugins`, `usage`): from the file `-c` names
 * or the project found here; which file and which agent it took is said on stderr.
 */
export function resolveOneAgent(given: string | undefined, command: string): { agent: ProjectAgentSpec; file: string } {
  const project = resolveProject(given === undefined ? undefined : [given], command);
  const { agent, note } = firstAgent(project);
  if (project.chosen) process.stderr.write(`Project: ${project.chosen}\n`);
  if (note) process.stderr.write(`${note}\n`);
  const file = project.projects.find((p) => p.agents.includes(agent))?.file ?? project.files[0];
  return { agent, file };
}
