import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  createTestDatabase,
  freePort,
  type PostgresCluster,
  startPostgresCluster,
  type TestDatabase,
} from '@kith/plugin-sql/testing';
import { spawnKithStart, type SpawnedKith } from './testing/spawn-kith-start';

const BIN = resolve(__dirname, '../dist/bin/kith.js');
const ENV = {
  ...process.env,
  LOG_LEVEL: 'warn',
  OPENAI_API_KEY: '',
  OPENAI_BASE_URL: '',
  KITH_SERVER_AUTH_TOKEN: '',
  KITH_DATABASE_URL: '',
  POSTGRES_URL: '',
};

/** Runs the built CLI to the end: exit code and stderr. */
function runKith(args: string[], env: NodeJS.ProcessEnv = ENV): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => done({ code, stderr }));
  });
}

describe('kith on PostgreSQL (built CLI in a child process)', () => {
  let cluster: PostgresCluster;
  let database: TestDatabase;
  let dir: string;
  let running: SpawnedKith | undefined;

  beforeAll(async () => {
    cluster = await startPostgresCluster({ maxConnections: 40 });
    database = await createTestDatabase('kith_cli', cluster.url);
    dir = mkdtempSync(join(tmpdir(), 'kith-pg-cli-'));
  }, 60_000);

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exit;
    }
    await cluster.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts on --database-url, names the database (never the password) and answers', async () => {
    const url = new URL(database.url);
    url.password = 'unused-secret';
    running = await spawnKithStart(
      ['--port', '0', '--data-dir', join(dir, 'data'), '--database-url', url.toString()],
      ENV,
    );
    const boot = running.stdout();
    const display = `postgres://kith@127.0.0.1:${cluster.port}/${database.name}`;
    expect(boot).toContain(`Starting 1 agent (database: ${display})`);
    expect(boot).toContain(`Database ${display} (PostgreSQL, vector search in-process): `);
    expect(boot).toMatch(/\(PostgreSQL, vector search in-process\): [1-9]\d* migrations applied$/m);
    expect(boot).not.toContain('unused-secret');
    const { agents } = (await (await fetch(`${running.url}/api/agents`)).json()) as { agents: { id: string }[] };
    const response = await fetch(`${running.url}/api/agents/${agents[0].id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'I am unhappy', userName: 'tester' }),
    });
    const posted = (await response.json()) as { replies: { content: { text?: string } }[] };
    expect(posted.replies[0].content.text?.length).toBeGreaterThan(0);
    running.child.kill('SIGTERM');
    expect(await running.exit).toEqual({ code: 0, signal: null });
  }, 120_000);

  it('also takes the URL from KITH_DATABASE_URL, and a missing database gets one line with the fix', async () => {
    const missing = `postgres://kith@127.0.0.1:${cluster.port}/no_such_db`;
    const result = await runKith(['chat', '--message', 'hi', '--data-dir', join(dir, 'data')], {
      ...ENV,
      KITH_DATABASE_URL: missing,
    });
    expect(result.code).toBe(1);
    expect(
      result.stderr
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('kith:')),
    ).toEqual([
      expect.stringContaining(
        `PostgreSQL at 127.0.0.1:${cluster.port} (database "no_such_db") does not exist. Create it (createdb`,
      ),
    ]);
    expect(result.stderr).toContain('[KITH_SQL_DATABASE_MISSING]');
  }, 60_000);

  describe('an unreachable database', () => {
    let silent: Server;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      // Accepts connections and never answers: a server that hangs.
      silent = createServer((socket) => void sockets.push(socket));
      await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => silent.close(done));
    });

    it.each([
      ['start', ['start', '--port', '0']],
      ['chat', ['chat', '--message', 'hi']],
      // A hanging server is given up on after the connect timeout (5 s), so the command ends well within 10 s.
    ])(
      'kith %s exits with one line naming host, port, database and the fix',
      async (_name, args) => {
        const refused = await freePort();
        for (const [port, reason] of [
          [refused, 'connection refused'],
          [(silent.address() as AddressInfo).port, 'connection timed out'],
        ] as const) {
          const result = await runKith([
            ...args,
            '--data-dir',
            join(dir, 'data'),
            '--database-url',
            `postgres://kith:pw@127.0.0.1:${port}/agents`,
          ]);
          expect(result.code).toBe(1);
          const lines = result.stderr
            .trim()
            .split('\n')
            .filter((line) => line.startsWith('kith:'));
          expect(lines).toEqual([
            `kith: Cannot reach PostgreSQL at 127.0.0.1:${port} (database "agents"): ${reason}. Start the server, or fix the host and port in KITH_DATABASE_URL. [KITH_SQL_DATABASE_UNREACHABLE]`,
          ]);
          expect(result.stderr).not.toMatch(/\n\s+at /); // no stack
        }
      },
      60_000,
    );
  });
});
