import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawnKithStart } from './spawn-kith-start';

/**
 * The environment of every server these tests start: the offline model (a
 * developer's own OpenAI settings must not leak in), no token, and the
 * default rate limit, which leaves loopback clients alone: the load test's
 * thousands of requests from one local address must get no 429.
 */
export const SERVER_ENV: NodeJS.ProcessEnv = (() => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    OPENAI_API_KEY: '',
    OPENAI_BASE_URL: '',
    KITH_SERVER_AUTH_TOKEN: '',
    KITH_DATABASE_URL: '',
    POSTGRES_URL: '',
  };
  for (const key of Object.keys(env)) if (key.startsWith('KITH_SERVER_RATE_LIMIT_')) delete env[key];
  return env;
})();

export interface KithProcess {
  child: ChildProcessWithoutNullStreams;
  pid: number;
  url: string;
  agentId: string;
  /** Every agent's id, in the order of the character files. */
  agentIds: string[];
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
  stdout: () => string;
}

/**
 * Runs the built `kith start` in a child process on `dataDir` (or on the
 * PostgreSQL database `databaseUrl`) and resolves once it listens (with its
 * agent's id).
 */
export async function startKith(
  dataDir: string,
  characterFile: string | string[],
  options: { env?: NodeJS.ProcessEnv; port?: number; databaseUrl?: string } = {},
): Promise<KithProcess> {
  const database = options.databaseUrl ? ['--database-url', options.databaseUrl] : [];
  const characters = (Array.isArray(characterFile) ? characterFile : [characterFile]).flatMap((file) => [
    '--character',
    file,
  ]);
  const args = ['--port', String(options.port ?? 0), '--data-dir', dataDir, ...characters, ...database];
  const started = await spawnKithStart(args, { ...SERVER_ENV, ...options.env }, 30_000);
  // The boot list ("<name> (<agent id>) ready in ...") comes before "Listening on".
  const agentIds = [...started.stdout().matchAll(/^\S+ \(([0-9a-f-]{36})\) ready in/gm)].map((match) => match[1]);
  const agentId = agentIds[0];
  if (!agentId) throw new Error(`kith start printed no agent id.\nstdout:\n${started.stdout()}`);
  return {
    child: started.child,
    pid: started.child.pid as number,
    url: started.url,
    agentId,
    agentIds,
    exit: started.exit,
    stderr: started.stderr,
    stdout: started.stdout,
  };
}

/** SIGKILLs a server that is still running (after a failed assertion) and waits for it to go. */
export async function killIfRunning(server: KithProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exit;
}
