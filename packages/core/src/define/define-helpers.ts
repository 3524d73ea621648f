import type { Plugin, Project, ProjectAgent } from '../types/plugin';

// Identity functions: they exist so a TypeScript project gets its agents, projects and plugins
// checked by the compiler (and completed by the editor) without writing the types out.

/** An agent of a project: `export default defineProject({ agents: [defineAgent({ character, plugins })] })`. */
export function defineAgent<T extends ProjectAgent>(agent: T): T {
  return agent;
}

/** A project: the module `kith start` runs (its default export). */
export function defineProject<T extends Project>(project: T): T {
  return project;
}

/** A plugin object: actions, providers, evaluators, services, models, routes, events, tests. */
export function definePlugin<T extends Plugin>(plugin: T): T {
  return plugin;
}
