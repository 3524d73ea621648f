import { dirname, join, relative, resolve } from 'node:path';
import type { AgentRuntime } from '@kith/core';
import { createServer, type KithServer } from '@kith/server';
import { createAgent, resolveDataDir } from '../agent/create-agent';
import { formatBootReport } from '../agent/format-boot-report';
import { studioAgentFactory } from '../agent/studio-agent-factory';
import { loadDotEnv } from '../process/load-dot-env';
import { exitForced, stoppingLine } from '../process/shutdown-lines';
import { waitForShutdown } from '../process/wait-for-shutdown';
import { forgetModules } from '../project/import-module';
import type { ProjectAgentSpec } from '../project/load-project';
import { findProjectDir } from '../project/project-package-json';
import { resolveProject } from '../project/resolve-project';
import { watchProject } from '../project/watch-project';
import { parsePort } from './start-command';

export interface DevCommandOptions {
  character?: string[];
  port?: string;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
}

const out = (line: string) => void process.stdout.write(`${line}\n`);
const err = (line: string) => void process.stderr.write(`${line}\n`);

interface DevOptions {
  dataDir: string;
  databaseUrl?: string;
}

async function startAgents(agents: readonly ProjectAgentSpec[], options: DevOptions): Promise<AgentRuntime[]> {
  const runtimes: AgentRuntime[] = [];
  try {
    for (const { character, plugins, init } of agents) {
      let model = 'none';
      runtimes.push(
        await createAgent({
          character,
          dataDir: options.dataDir,
          databaseUrl: options.databaseUrl,
          projectPlugins: plugins,
          init,
          announce: (line) => (model = line.replace(/^model: /, '')),
          notice: () => undefined,
        }),
      );
      out(`${character.name} (${runtimes[runtimes.length - 1].agentId}) ready; model: ${model}`);
    }
    return runtimes;
  } catch (error) {
    for (const runtime of runtimes) await runtime.stop();
    throw error;
  }
}

/**
 * `kith dev`: `kith start` that watches the project's sources and character files. An edit
 * reloads the agents on the same database (conversations go on) and says what reloaded and how
 * long it took; a file that fails to load leaves the last good agents serving, its error printed once.
 */
export async function devCommand(options: DevCommandOptions): Promise<void> {
  loadDotEnv();
  const port = parsePort(options.port, 'kith dev');
  const first = resolveProject(options.character, 'kith dev');
  if (first.chosen) out(`Project: ${first.chosen}`);
  const dataDir = resolveDataDir(options.dataDir);
  const root = findProjectDir(dirname(resolve(first.files[0]))) ?? dirname(resolve(first.files[0]));
  const shutdown = waitForShutdown(exitForced);
  const devOptions = { dataDir, databaseUrl: options.databaseUrl };
  let runtimes = await startAgents(first.agents, devOptions);
  for (const runtime of runtimes) for (const line of formatBootReport(runtime.bootReport)) out(line);
  let server: KithServer;
  try {
    // A generated session secret is kept in the data folder the agents use.
    server = await createServer({
      agents: runtimes,
      sessions: { dataDir },
      agentSource: first.projects.some((loaded) => loaded.kind !== 'json') ? 'project' : 'file',
      // The studio's agents live in the database: a reload of the project's agents leaves them serving.
      agentFactory: studioAgentFactory({ dataDir, databaseUrl: options.databaseUrl, out }),
    });
    out(`Listening on ${await server.listen({ port, host: options.host })} (Ctrl-C stops)`);
  } catch (error) {
    for (const runtime of runtimes) await runtime.stop();
    throw error;
  }

  let lastError: string | undefined;
  let queue = Promise.resolve();
  const reload = async (files: string[]): Promise<void> => {
    const started = performance.now();
    forgetModules(root);
    let next: AgentRuntime[];
    try {
      const project = resolveProject(options.character, 'kith dev');
      // The new agents start before the old ones go, so a failure leaves the old ones serving.
      next = await startAgents(project.agents, devOptions);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== lastError) err(`kith dev: reload failed, still serving the last good agents: ${message}`);
      lastError = message;
      return;
    }
    lastError = undefined;
    for (const runtime of runtimes) await server.removeAgent(runtime.agentId);
    for (const runtime of next) await server.addAgent(runtime);
    runtimes = next;
    const names = next.map((runtime) => runtime.character.name).join(', ');
    out(`Reloaded ${names} in ${Math.round(performance.now() - started)} ms (changed: ${files.join(', ')})`);
  };
  const dataInRoot = relative(root, dataDir);
  const watcher = watchProject(
    root,
    (files) => {
      queue = queue.then(() => reload(files));
    },
    { ignore: (file) => !dataInRoot.startsWith('..') && join(root, file).startsWith(dataDir) },
  );
  out(`Watching ${relative(process.cwd(), root) || '.'} for changes`);

  const signal = await shutdown;
  watcher.close();
  await queue;
  err(stoppingLine(signal, runtimes.length));
  await server.close();
  err('Stopped.');
}
