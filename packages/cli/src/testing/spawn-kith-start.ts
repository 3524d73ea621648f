import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';

const BIN = resolve(__dirname, '../../dist/bin/kith.js');

export interface SpawnedKith {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs the built `kith start` (or `kith dev`) with `args` in a child process and resolves once it prints the URL it listens on. */
export function spawnKithStart(
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
  cwd?: string,
  command: 'start' | 'dev' = 'start',
): Promise<SpawnedKith> {
  const child = spawn(process.execPath, [BIN, command, ...args], { env, cwd });
  let stdout = '';
  let stderr = '';
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`kith start printed no URL in ${timeoutMs / 1000} s.\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    }, timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /^Listening on (http:\/\/\S+)/m.exec(stdout)?.[1];
      if (url) {
        clearTimeout(timer);
        done({ child, url, stdout: () => stdout, stderr: () => stderr, exit });
      }
    });
    void exit.then(({ code, signal }) => {
      clearTimeout(timer);
      fail(
        new Error(`kith start exited (${code ?? signal}) before listening.\nstdout:\n${stdout}\nstderr:\n${stderr}`),
      );
    });
  });
}
