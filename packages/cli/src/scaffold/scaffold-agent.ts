import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigValidationError } from '@kith/core';
import { PLUGIN_NAME_PATTERN } from './plugin-names';
import { renderTemplateFolder } from './render-template';
import { TEMPLATES_DIR } from './templates-dir';

const { version, dependencies } = require('../../package.json') as {
  version: string;
  dependencies: Record<string, string>;
};

export interface ScaffoldAgentOptions {
  /** Kebab-case project name: the folder and the package name; the agent is named after it. */
  name: string;
  /** Folder that receives the project folder (default: the current folder). */
  dir?: string;
  /** A JSON character file only, no TypeScript (default: a TypeScript project with a local plugin). */
  json?: boolean;
}

export interface ScaffoldedAgent {
  packageName: string;
  /** The character's name: `support-bot` gives `Support Bot`. */
  agentName: string;
  /** The project folder, absolute. */
  root: string;
  /** Files written, relative to the folder the command ran in. */
  written: string[];
}

/**
 * Writes an agent project: a TypeScript project (src/index.ts exporting the project, a local
 * plugin with an action, a provider and tests, tsconfig.json) or, with `json`, a character file;
 * package.json depending on @kith/cli and the plugins its character lists (caret ranges of this
 * CLI's versions), .env.example, README, .gitignore, and a Dockerfile with its .dockerignore (the
 * ones docs/deploy.md explains). `npm install && npm start` runs the agent;
 * in the TypeScript project `npm test` typechecks, runs its unit tests and `kith test`.
 */
export function scaffoldAgent(options: ScaffoldAgentOptions, cwd = process.cwd()): ScaffoldedAgent {
  if (!PLUGIN_NAME_PATTERN.test(options.name)) {
    throw new ConfigValidationError('kith create agent', [
      `name: "${options.name}" is not kebab-case: use lowercase letters and digits in words joined by single hyphens, starting with a letter, e.g. "support-bot" (the project folder and package name)`,
    ]);
  }
  const root = resolve(cwd, options.dir ?? '.', options.name);
  if (existsSync(root) && readdirSync(root).length > 0) {
    throw new ConfigValidationError('kith create agent', [
      `name: ${root} already exists and is not empty: choose another name or --dir, or delete that folder first`,
    ]);
  }
  const agentName = options.name
    .split('-')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
  const values = {
    packageName: options.name,
    agentName,
    descriptionJson: JSON.stringify(`${agentName}, a Kith agent`),
    cliRange: `^${version}`,
    sqlRange: dependencies['@kith/plugin-sql'],
    bootstrapRange: dependencies['@kith/plugin-bootstrap'],
    coreRange: dependencies['@kith/core'],
    tsxVersion: dependencies.tsx,
  };
  const template = options.json ? 'agent' : 'agent-ts';
  const written = [
    ...renderTemplateFolder(join(TEMPLATES_DIR, template), root, values, cwd, {
      gitignore: '.gitignore',
      'env.example': '.env.example',
    }),
    // The image recipe of docs/deploy.md, so `docker build .` works in a new project as it is.
    ...renderTemplateFolder(join(TEMPLATES_DIR, 'deploy'), root, values, cwd, { dockerignore: '.dockerignore' }),
  ];
  return { packageName: options.name, agentName, root, written };
}
