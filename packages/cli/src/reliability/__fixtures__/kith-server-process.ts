import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';

const BIN = resolve(__dirname, '../../../dist/bin/kith.js');

/**
 * The environment of every server these tests start: the offline model (a
 * developer's own OpenAI settings must not leak in), no token, and no rate
 * limit, since one address sends thousands of requests here.
 */
export const SERVER_ENV = {
  ...process.env,
  LOG_LEVEL: 'warn',
  OPENAI_API_KEY: '',
  OPENAI_BASE_URL: '',
  KITH_SERVER_AUTH_TOKEN: '',
  KITH_SERVER_RATE_LIMIT_MAX: '0',
};

export interface KithProcess {
  child: ChildProcessWithoutNullStreams;
  pid: number;
  url: string;
  agentId: string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
}

/** Runs the built `kith start` in a child process on `dataDir` and resolves once it listens (with its agent's id). */
export function startKith(dataDir: string, characterFile: string): Promise<KithProcess> {
  const child = spawn(process.execPath, [BIN, 'start', '--port', '0', '--data-dir', dataDir, '--character', characterFile], { env: SERVER_ENV });
  let stdout = '';
  let stderr = '';
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('exit', (code, signal) => done({ code, signal })));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`kith start printed no URL in 30 s.\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    }, 30_000);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /^Listening on (http:\/\/\S+)/m.exec(stdout)?.[1];
      const agentId = /^\S+ \(([0-9a-f-]{36})\) ready in/m.exec(stdout)?.[1];
      if (url && agentId) {
        clearTimeout(timer);
        done({ child, pid: child.pid as number, url, agentId, exit, stderr: () => stderr });
      }
    });
    void exit.then(({ code, signal }) => {
      clearTimeout(timer);
      fail(new Error(`kith start exited (${code ?? signal}) before listening.\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    });
  });
}

/** SIGKILLs a server that is still running (after a failed assertion) and waits for it to go. */
export async function killIfRunning(server: KithProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exit;
}
