import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { spawnKithStart, type SpawnedKith } from './testing/spawn-kith-start';

const BIN = resolve(__dirname, '../dist/bin/kith.js');
// Empty OPENAI_* count as unset: the developer's own key must not switch these runs to a real model.
const ENV = { ...process.env, LOG_LEVEL: 'warn', OPENAI_API_KEY: '', OPENAI_BASE_URL: '', KITH_SERVER_AUTH_TOKEN: '' };

const start = (args: string[]): Promise<SpawnedKith> => spawnKithStart(args, ENV);

async function json<T>(response: Response): Promise<T> {
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('kith start (built CLI in a child process)', () => {
  let dir: string;
  let running: SpawnedKith | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-start-'));
  });
  afterEach(async () => {
    // A failed assertion must not leave a server behind.
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exit;
    }
    running = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves two agents on one database, answers over HTTP and `kith chat --url`, and stops cleanly on SIGTERM', async () => {
    const bob = join(dir, 'bob.json');
    writeFileSync(bob, JSON.stringify({ name: 'Bob', bio: ['A second agent on the same database.'] }));
    const dataDir = join(dir, 'data');
    running = await start([
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--character',
      resolve(__dirname, '../characters/eliza.json'),
      '--character',
      bob,
    ]);
    const { url } = running;

    // The boot list: the database with its migrations, then each agent with its plugins and their timings.
    const boot = running.stdout();
    expect(boot).toContain(`Starting 2 agents (data: ${dataDir})`);
    expect(boot).toMatch(
      new RegExp(
        `Database ${join(dataDir, 'kith.db').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(new database\\): [1-9]\\d* migrations applied`,
      ),
    );
    expect(boot).toMatch(/^Eliza \([0-9a-f-]{36}\) ready in \d+ ms; model: eliza-classic \(offline\)$/m);
    expect(boot).toMatch(/^Bob \([0-9a-f-]{36}\) ready in \d+ ms; model: eliza-classic \(offline\)$/m);
    expect(boot).toMatch(/^ {2}bootstrap +init [\d.]+ ms · services [\d.]+ ms \(\d+\)$/m);
    expect(boot).toMatch(/^ {2}database +adapter-init [\d.]+ ms$/m);

    const { agents } = await json<{ agents: { id: string; name: string; status: string }[] }>(
      await fetch(`${url}/api/agents`),
    );
    expect(agents.map((a) => [a.name, a.status]).sort()).toEqual([
      ['Bob', 'running'],
      ['Eliza', 'running'],
    ]);
    const eliza = agents.find((a) => a.name === 'Eliza')!;
    const posted = await json<{ mode: string; replies: { content: { text?: string; actions?: string[] } }[] }>(
      await fetch(`${url}/api/agents/${eliza.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'I am unhappy', userName: 'tester' }),
      }),
    );
    expect(posted.replies).toHaveLength(1);
    expect(posted.replies[0].content.text?.length).toBeGreaterThan(0);
    expect(posted.replies[0].content.actions).toContain('REPLY');

    // The terminal client against the same server (the server runs in another process, so a blocking spawn is fine).
    const chat = spawnSync(
      process.execPath,
      [BIN, 'chat', '--url', url, '--agent', 'bob', '--message', 'My work is boring', '--json', '--user', 'tester'],
      {
        encoding: 'utf8',
        env: ENV,
        timeout: 60_000,
      },
    );
    expect(chat.stderr).toBe('');
    expect(chat.status).toBe(0);
    const reply = JSON.parse(chat.stdout.trim().split('\n')[0]) as { text: string; actions: string[] };
    expect(reply.text.length).toBeGreaterThan(0);
    expect(reply.actions).toContain('REPLY');

    running.child.kill('SIGTERM');
    expect(await running.exit).toEqual({ code: 0, signal: null });
    expect(running.stderr()).toBe(
      'SIGTERM: finishing the turns in flight, then stopping 2 agents (Ctrl-C again stops at once)...\nStopped.\n',
    );
    expect(existsSync(join(dataDir, 'kith.db'))).toBe(true);

    // Stopped means stopped: the URL no longer answers, and the client says how to fix that.
    const after = spawnSync(process.execPath, [BIN, 'chat', '--url', url, '--message', 'hello'], {
      encoding: 'utf8',
      env: ENV,
      timeout: 30_000,
    });
    expect(after.status).toBe(1);
    expect(after.stderr).toContain(`Could not reach a Kith server at ${url}`);
    expect(after.stderr).toContain('[KITH_SERVER_UNREACHABLE]');
  }, 120_000);

  it("runs an elizaOS character listing @elizaos/plugin-sql and -bootstrap on Kith's own, answering each message once; reads .env, the environment winning", async () => {
    const character = join(dir, 'character.json');
    writeFileSync(
      character,
      JSON.stringify({
        name: 'Eliza',
        bio: ['An elizaOS character.'],
        plugins: ['@elizaos/plugin-sql', '@elizaos/plugin-bootstrap'],
      }),
    );
    // KITH_SERVER_AUTH_TOKEN is set (empty) in ENV, so the file's value must not apply.
    writeFileSync(
      join(dir, '.env'),
      '# elizaOS keeps keys here\nKITH_DATA_DIR=./dotenv-data\nKITH_SERVER_AUTH_TOKEN=from-dotenv\n',
    );
    running = await spawnKithStart(['--port', '0', '--character', character], ENV, 60_000, dir);
    const boot = running.stdout();
    expect(boot).toContain(`Starting 1 agent (data: ${join(dir, 'dotenv-data')})`);
    expect(boot).toContain(
      `Settings: 1 read from ${join(dir, '.env')} (the environment's own value kept for KITH_SERVER_AUTH_TOKEN)`,
    );
    expect(boot).toContain("  note: @elizaos/plugin-sql: Kith's @kith/plugin-sql takes its place");
    expect(boot).toContain("  note: @elizaos/plugin-bootstrap: Kith's @kith/plugin-bootstrap takes its place");
    const { agents } = await json<{ agents: { id: string }[] }>(await fetch(`${running.url}/api/agents`));
    const send = (text: string) =>
      fetch(`${running!.url}/api/agents/${agents[0].id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, userName: 'tester' }),
      });
    const first = await json<{ roomId: string; replies: unknown[] }>(await send('I feel sad today'));
    const second = await json<{ roomId: string; replies: unknown[] }>(await send('My mother worries me'));
    expect([first.replies.length, second.replies.length]).toEqual([1, 1]);
    const page = await json<{ memories: { entityId: string; content: { inReplyTo?: string } }[] }>(
      await fetch(`${running.url}/api/agents/${agents[0].id}/rooms/${first.roomId}/memories`),
    );
    const fromAgent = page.memories.filter((m) => m.entityId === agents[0].id);
    expect(fromAgent).toHaveLength(2);
    expect(new Set(fromAgent.map((m) => m.content.inReplyTo)).size).toBe(2);
  }, 120_000);

  it('refuses two characters with the same name, and a bad port, before writing anything', () => {
    const dataDir = join(dir, 'data');
    const twin = join(dir, 'twin.json');
    writeFileSync(twin, JSON.stringify({ name: 'Eliza' }));
    const run = (args: string[]) =>
      spawnSync(process.execPath, [BIN, 'start', '--data-dir', dataDir, ...args], {
        encoding: 'utf8',
        env: ENV,
        timeout: 30_000,
      });

    const twins = run([
      '--character',
      resolve(__dirname, '../characters/eliza.json'),
      '--character',
      twin,
      '--port',
      '0',
    ]);
    expect(twins.status).toBe(1);
    expect(twins.stderr).toContain(`--character ${twin}: same agent id as`);
    expect(twins.stderr).toContain('[KITH_CONFIG_INVALID]');

    const port = run(['--port', 'eighty']);
    expect(port.status).toBe(1);
    expect(port.stderr).toContain('--port: "eighty" is not a port: use a whole number from 0 to 65535');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('says when the port is taken, and exits after stopping the agent it started', async () => {
    const taken = createNetServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    try {
      const { port } = taken.address() as AddressInfo;
      const result = await new Promise<{ code: number | null; stderr: string }>((done) => {
        const child = spawn(process.execPath, [BIN, 'start', '--port', String(port), '--data-dir', join(dir, 'data')], {
          env: ENV,
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => done({ code, stderr }));
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `--port: ${port} is already in use: pick another with --port N (0 picks a free port)`,
      );
    } finally {
      await new Promise((done) => taken.close(done));
    }
  });
});
