import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigValidationError, type AgentRuntime, type FleetStatus } from '@kith/core';
import { databaseUrlSetting, DEFAULT_FILENAME, describeDatabaseUrl } from '@kith/plugin-sql';
import { createServer, type KithServer } from '@kith/server';
import { createAgent, resolveDataDir } from '../agent/create-agent';
import { studioAgentFactory } from '../agent/studio-agent-factory';
import { databaseStatus } from '../agent/database-status';
import { formatBootReport } from '../agent/format-boot-report';
import { resolveProject } from '../project/resolve-project';
import { loadDotEnv } from '../process/load-dot-env';
import { exitForced, stoppingLine } from '../process/shutdown-lines';
import { waitForShutdown } from '../process/wait-for-shutdown';
import { startMetrics, type MetricsExport } from '../telemetry/start-metrics';
import { startTracing } from '../telemetry/start-tracing';

export interface StartCommandOptions {
  character?: string[];
  port?: string;
  host?: string;
  dataDir?: string;
  /** PostgreSQL for every agent (else KITH_DATABASE_URL / POSTGRES_URL, else SQLite in the data folder). */
  databaseUrl?: string;
}

const out = (line: string) => void process.stdout.write(`${line}\n`);

/** `--port`: a whole number from 0 to 65535; undefined when not given. */
export function parsePort(raw: string | undefined, command = 'kith start'): number | undefined {
  if (raw === undefined) return undefined;
  const port = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || port > 65535) {
    throw new ConfigValidationError(command, [
      `--port: "${raw}" is not a port: use a whole number from 0 to 65535 (0 picks a free port)`,
    ]);
  }
  return port;
}

/**
 * `kith start`: one agent per character file, all on the same database (the
 * SQLite data folder, or PostgreSQL with --database-url), served by @kith/server. Prints each agent's boot list and the URL,
 * then runs until SIGINT or SIGTERM and stops cleanly (exit code 0).
 */
export async function startCommand(options: StartCommandOptions): Promise<void> {
  const dotEnv = loadDotEnv();
  const port = parsePort(options.port);
  const project = resolveProject(options.character, 'kith start');
  if (project.chosen) out(`Project: ${project.chosen}`);
  const agents = project.agents;
  const dataDir = resolveDataDir(options.dataDir);
  // Listening from the start: Ctrl-C during boot stops cleanly once boot is done, instead of killing it halfway.
  const shutdown = waitForShutdown(exitForced);

  const runtimes: AgentRuntime[] = [];
  let server: KithServer | undefined;
  let metrics: MetricsExport | null = null;
  // Before any agent: spans need the SDK in place when the first run starts.
  const tracing = startTracing();
  try {
    const databaseUrl = options.databaseUrl ?? databaseUrlSetting((key) => process.env[key] || undefined);
    // The password never reaches the terminal.
    const where = databaseUrl ? `database: ${describeDatabaseUrl(databaseUrl).display}` : `data: ${dataDir}`;
    out(`Starting ${agents.length} agent${agents.length === 1 ? '' : 's'} (${where})`);
    if (dotEnv.file)
      out(
        `Settings: ${dotEnv.loaded.length} read from ${dotEnv.file}${dotEnv.kept.length ? ` (the environment's own value kept for ${dotEnv.kept.join(', ')})` : ''}`,
      );
    if (tracing) out(`Tracing: OpenTelemetry spans over OTLP/HTTP to ${tracing.endpoint}`);
    const existing = new Set(existsSync(join(dataDir, DEFAULT_FILENAME)) ? [join(dataDir, DEFAULT_FILENAME)] : []);
    const reported = new Set<string>();
    for (const { character, plugins, init } of agents) {
      const started = performance.now();
      let model = 'none';
      const notes: string[] = [];
      const runtime = await createAgent({
        character,
        dataDir,
        databaseUrl: options.databaseUrl,
        projectPlugins: plugins,
        init,
        announce: (line) => (model = line.replace(/^model: /, '')),
        notice: (line) => notes.push(line),
      });
      runtimes.push(runtime);
      const ready = Math.round(performance.now() - started);
      // Agents on one file share it: its migrations are reported once.
      const database = await databaseStatus(runtime);
      if (database && !reported.has(database.file)) {
        reported.add(database.file);
        if (database.dialect === 'postgres') {
          out(
            `Database ${database.file} (PostgreSQL, vector search ${database.vectorSearch}): ${database.migrations} migrations applied`,
          );
        } else {
          const state = existing.has(database.file) ? 'existing database' : 'new database';
          out(`Database ${database.file} (${state}): ${database.migrations} migrations applied`);
        }
      }
      out(`${character.name} (${runtime.agentId}) ready in ${ready} ms; model: ${model}`);
      for (const line of notes) out(`  note: ${line}`);
      for (const line of formatBootReport(runtime.bootReport)) out(line);
    }
    // A generated session secret is kept in the data folder the agents use.
    server = await createServer({
      agents: runtimes,
      sessions: { dataDir },
      agentSource: project.projects.some((loaded) => loaded.kind !== 'json') ? 'project' : 'file',
      agentFactory: studioAgentFactory({ dataDir, databaseUrl: options.databaseUrl, out }),
    });
    metrics = startMetrics(server);
    if (metrics)
      out(`Metrics: OpenTelemetry metrics over OTLP/HTTP to ${metrics.endpoint}; Prometheus at GET /metrics`);
    const fleet = fleetLine(runtimes);
    if (fleet) out(fleet);
    const url = await listen(server, port, options.host);
    out(`Listening on ${url} (Ctrl-C stops)`);
  } catch (error) {
    // Whatever started is stopped again, so a failed start leaves nothing running.
    if (server) await server.close();
    else for (const runtime of runtimes) await runtime.stop();
    await metrics?.shutdown();
    await tracing?.shutdown();
    throw error;
  }

  const signal = await shutdown;
  process.stderr.write(`${stoppingLine(signal, runtimes.length)}\n`);
  await server.close();
  // Sends the spans still batched and the metrics recorded since the last export.
  await metrics?.shutdown();
  await tracing?.shutdown();
  process.stderr.write('Stopped.\n');
}

/** The boot report's fleet line: this server, the others alive, the rooms held (PostgreSQL with the fleet on). */
export function fleetLine(runtimes: readonly AgentRuntime[]): string | null {
  const statuses = runtimes.flatMap((runtime) => {
    const coordinator = (runtime.adapter as { roomCoordinator?: { status(): FleetStatus } } | undefined)
      ?.roomCoordinator;
    return coordinator ? [coordinator.status()] : [];
  });
  const first = statuses[0];
  if (!first) return null;
  const others = first.servers.filter((server) => server.serverId !== first.serverId).map((server) => server.serverId);
  const rooms = statuses.reduce((sum, status) => sum + status.rooms, 0);
  const alive =
    others.length === 0
      ? 'no other server alive'
      : `${others.length} other server${others.length === 1 ? '' : 's'} alive (${others.join(', ')})`;
  return `Fleet: server ${first.serverId}, lease ${first.leaseMs} ms; ${alive}; ${rooms} room${rooms === 1 ? '' : 's'} held`;
}

async function listen(server: KithServer, port: number | undefined, host: string | undefined): Promise<string> {
  try {
    return await server.listen({ port, host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigValidationError('kith start', [
        `--port: ${port ?? process.env.KITH_SERVER_PORT ?? 3000} is already in use: pick another with --port N (0 picks a free port)`,
      ]);
    }
    throw error;
  }
}
