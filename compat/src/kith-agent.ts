import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KithAgent {
  url: string;
  agentId: string;
  dataDir: string;
  stdout(): string;
  stderr(): string;
  /** POST /api/agents/:id/messages; resolves with the reply decision. */
  send(
    text: string,
    extra?: Record<string, unknown>,
  ): Promise<{ roomId: string; replies: { content: { text?: string; actions?: string[] } }[] }>;
  /** POST to a route of the compat-probe plugin. */
  probe<T>(path: string, body: Record<string, unknown>): Promise<T>;
  /** GET /api/agents/:id/usage?groupBy=model: the model usage recorded, per provider/model. */
  usage(): Promise<{
    groups: { key: string; calls: number; inputTokens: number; outputTokens: number; costUsd: number }[];
  }>;
  /** GET a plugin route. */
  pluginGet<T>(plugin: string, path: string): Promise<{ status: number; body: T }>;
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The scratch project (set by global-setup). */
export function scratchProject(): string {
  const dir = process.env.KITH_COMPAT_PROJECT;
  if (!dir)
    throw new Error('KITH_COMPAT_PROJECT is not set: run the suite through jest (global-setup installs the project)');
  return dir;
}

/** The installed `kith` executable, from @kith/cli's package.json "bin" (as npx would run it). */
export function kithBin(project = scratchProject()): string {
  const cli = join(project, 'node_modules/@kith/cli');
  const { bin } = JSON.parse(readFileSync(join(cli, 'package.json'), 'utf8')) as {
    bin: string | Record<string, string>;
  };
  return join(cli, typeof bin === 'string' ? bin : bin.kith);
}

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * `kith start` of the installed @kith/cli, in the scratch project (so plugins
 * resolve from its node_modules), with `character` written to a file.
 */
export async function startKith(
  character: Record<string, unknown>,
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<KithAgent> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kith-compat-'));
  const file = join(dataDir, 'character.json');
  writeFileSync(file, JSON.stringify(character, null, 2));
  return spawnKithStart(['--character', file], scratchProject(), dataDir, env, timeoutMs);
}

/**
 * `kith start` of the installed @kith/cli in `cwd` with no --character: it runs the project it
 * finds there (a package whose main module exports agents), as a user in that folder would.
 */
export async function startKithIn(
  cwd: string,
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<KithAgent> {
  return spawnKithStart([], cwd, mkdtempSync(join(tmpdir(), 'kith-compat-')), env, timeoutMs);
}

async function spawnKithStart(
  args: string[],
  cwd: string,
  dataDir: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<KithAgent> {
  const bin = kithBin(scratchProject());
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [bin, 'start', ...args, '--port', '0', '--data-dir', join(dataDir, 'data')],
    {
      cwd,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        OPENAI_API_KEY: '',
        OPENAI_BASE_URL: '',
        KITH_SERVER_AUTH_TOKEN: '',
        ...env,
      },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`kith start printed no URL in ${timeoutMs / 1000} s.\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    }, timeoutMs);
    child.stdout.on('data', () => {
      const found = /^Listening on (http:\/\/\S+)/m.exec(stdout)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    void exit.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(`kith start exited (${code ?? signal}) before listening.\nstdout:\n${stdout}\nstderr:\n${stderr}`),
      );
    });
  });
  const { agents } = await json<{ agents: { id: string }[] }>(await fetch(`${url}/api/agents`), 'GET /api/agents');
  const agentId = agents[0].id;
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return {
    url,
    agentId,
    dataDir,
    stdout: () => stdout,
    stderr: () => stderr,
    send: async (text, extra = {}) =>
      json(await post(`/api/agents/${agentId}/messages`, { text, userName: 'tester', ...extra }), `message "${text}"`),
    probe: async (path, body) =>
      json(await post(`/api/agents/${agentId}/plugins/compat-probe${path}`, body), `probe ${path}`),
    usage: async () => json(await fetch(`${url}/api/agents/${agentId}/usage?groupBy=model`), 'GET usage'),
    pluginGet: async (plugin, path) => {
      const response = await fetch(`${url}/api/agents/${agentId}/plugins/${plugin}${path}`);
      return { status: response.status, body: (await response.json()) as never };
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      let grace: NodeJS.Timeout | undefined;
      const result = await Promise.race([
        exit,
        new Promise<null>((resolve) => (grace = setTimeout(() => resolve(null), 15_000))),
      ]);
      clearTimeout(grace);
      if (result === null) {
        child.kill('SIGKILL');
        await exit;
      }
      rmSync(dataDir, { recursive: true, force: true });
      return result ?? { code: null, signal: 'SIGKILL' };
    },
  };
}
