import { relative } from 'node:path';
import {
  emptyRegistration,
  AgentRuntime,
  createLogger,
  KithError,
  resolvePluginOrder,
  type Character,
  type Plugin,
  type PluginRegistration,
} from '@kith/core';
import { resolveOneAgent } from '../project/resolve-project';
import { describeCoreOrigin } from '../plugins/core-origin';
import { describeRegistrations, pluginRegistrations } from '../plugins/describe-plugin';
import { resolveAgentPlugins } from '../plugins/resolve-plugins';
import { loadDotEnv } from '../process/load-dot-env';

export interface PluginsCommandOptions {
  character?: string;
  json?: boolean;
}

/**
 * What each plugin registers, as the runtime records it: the plugins are
 * registered in dependency order on an agent that is never initialised, so
 * each plugin's init runs (as at start, registrations made there included)
 * but nothing is started: no database is opened, no service, no server.
 */
async function registrationsOf(character: Character, plugins: Plugin[]): Promise<Map<string, PluginRegistration>> {
  const runtime = new AgentRuntime({
    character,
    logger: createLogger({ namespace: character.name, level: process.env.LOG_LEVEL ?? 'warn' }),
  });
  for (const plugin of resolvePluginOrder(plugins)) await runtime.registerPlugin(plugin);
  return new Map(runtime.getPluginRegistrations().map((record) => [record.plugin, record]));
}

/**
 * `kith plugins`: what a character's plugins list resolves to, after the
 * automatic model choice, with the core each plugin runs on and what each
 * registers; starts nothing. A plugin that cannot be loaded is named on
 * stderr with why, and the command exits 1.
 */
export async function pluginsCommand(options: PluginsCommandOptions): Promise<void> {
  loadDotEnv();
  const { agent, file } = resolveOneAgent(options.character, 'kith plugins');
  const { character } = agent;
  const { packages, model, notices, failed } = await resolveAgentPlugins(character, undefined, {
    keepGoing: true,
    projectPlugins: agent.plugins,
  });
  const records = await registrationsOf(
    character,
    packages.map((p) => p.plugin),
  );
  const rows = packages.map((p) => {
    const registered = records.get(p.plugin.name) ?? emptyRegistration(p.plugin.name);
    return {
      name: p.plugin.name,
      package: p.specifier,
      version: p.version,
      source: p.source,
      core: describeCoreOrigin(p.core),
      ...(p.replaces ? { replaces: p.replaces } : {}),
      registers: pluginRegistrations(registered),
      registered,
    };
  });
  const problems = failed.map(({ specifier, error }) => ({
    package: specifier,
    code: KithError.isInstance(error) ? error.code : null,
    error: error.message,
  }));
  if (failed.length > 0) process.exitCode = 1;
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ character: character.name, model: model?.description ?? null, plugins: rows, notices, failed: problems }, null, 2)}\n`,
    );
    return;
  }
  const table = rows.map((r) => [
    r.name,
    r.package,
    r.version ?? '-',
    r.source,
    r.core,
    describeRegistrations(r.registers),
  ]);
  const header = ['plugin', 'package', 'version', 'from', 'core', 'registers'];
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    `  ${cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')}`;
  const shown = relative(process.cwd(), file) || file;
  const lines = [`${character.name} (${shown}) resolves to ${rows.length} plugins:`, line(header), ...table.map(line)];
  for (const note of notices) lines.push(`note: ${note}`);
  lines.push(`model: ${model?.description ?? 'none (no plugin provides TEXT_LARGE)'}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  for (const problem of problems)
    process.stderr.write(`kith: not loaded: ${problem.error}${problem.code ? ` [${problem.code}]` : ''}\n`);
}
