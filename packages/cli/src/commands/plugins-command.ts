import { relative } from 'node:path';
import {
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
import { declaredRegistration } from '../plugins/declared-registration';
import { describeRegistrations, pluginRegistrations } from '../plugins/describe-plugin';
import { resolveAgentPlugins } from '../plugins/resolve-plugins';
import { loadDotEnv } from '../process/load-dot-env';

export interface PluginsCommandOptions {
  character?: string;
  json?: boolean;
  /** Run each plugin's init to list what it registers there too (it may call the network). */
  init?: boolean;
}

/** One plugin's registrations, or why its init failed (the others are listed all the same). */
interface Registered {
  registration: PluginRegistration;
  initError?: Error;
}

/**
 * With --init: what each plugin registers as the runtime records it, its init
 * run (as at start, registrations made there included) on an agent that is
 * never initialised, so nothing is started: no database, no service, no
 * server. A plugin whose init throws is listed with the reason; the rest go on.
 */
async function registrationsAfterInit(character: Character, plugins: Plugin[]): Promise<Map<string, Registered>> {
  const runtime = new AgentRuntime({
    character,
    logger: createLogger({ namespace: character.name, level: process.env.LOG_LEVEL ?? 'warn' }),
  });
  const failures = new Map<string, Error>();
  for (const plugin of resolvePluginOrder(plugins)) {
    try {
      await runtime.registerPlugin(plugin);
    } catch (error) {
      failures.set(plugin.name, error instanceof Error ? error : new Error(String(error)));
    }
  }
  const records = new Map(runtime.getPluginRegistrations().map((record) => [record.plugin, record]));
  return new Map(
    plugins.map((plugin) => {
      const initError = failures.get(plugin.name);
      const registration = records.get(plugin.name) ?? declaredRegistration(plugin);
      return [plugin.name, initError ? { registration, initError } : { registration }];
    }),
  );
}

/**
 * `kith plugins`: what a character's plugins list resolves to, after the
 * automatic model choice, with the core each plugin runs on and what each
 * declares (with --init, registers); starts nothing and, without --init,
 * runs no plugin code beyond loading it. Every plugin is listed: one that
 * cannot be loaded, or whose init fails, is named with why, and the command
 * exits 1.
 */
export async function pluginsCommand(options: PluginsCommandOptions): Promise<void> {
  loadDotEnv();
  const { agent, file } = resolveOneAgent(options.character, 'kith plugins');
  const { character } = agent;
  const { packages, model, notices, failed } = await resolveAgentPlugins(character, undefined, {
    keepGoing: true,
    projectPlugins: agent.plugins,
  });
  const plugins = packages.map((p) => p.plugin);
  const registered = options.init
    ? await registrationsAfterInit(character, plugins)
    : new Map(
        plugins.map((plugin): [string, Registered] => [plugin.name, { registration: declaredRegistration(plugin) }]),
      );
  const rows = packages.map((p) => {
    const { registration, initError } = registered.get(p.plugin.name) ?? {
      registration: declaredRegistration(p.plugin),
    };
    return {
      name: p.plugin.name,
      package: p.specifier,
      version: p.version,
      source: p.source,
      core: describeCoreOrigin(p.core),
      ...(p.replaces ? { replaces: p.replaces } : {}),
      registers: pluginRegistrations(registration),
      registered: registration,
      ...(initError
        ? { initError: { code: KithError.isInstance(initError) ? initError.code : null, error: initError.message } }
        : {}),
    };
  });
  const problems = failed.map(({ specifier, error }) => ({
    package: specifier,
    code: KithError.isInstance(error) ? error.code : null,
    error: error.message,
  }));
  if (failed.length > 0 || rows.some((row) => row.initError)) process.exitCode = 1;
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
    r.initError ? `init failed: ${r.initError.error}` : describeRegistrations(r.registers),
  ]);
  const header = ['plugin', 'package', 'version', 'from', 'core', options.init ? 'registers' : 'declares'];
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
