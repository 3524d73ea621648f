import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Client } from 'pg';
import {
  createTestDatabase,
  freePort,
  type PostgresCluster,
  startPostgresCluster,
  type TestDatabase,
} from '@kith/plugin-sql/testing';
import { spawnKithStart } from './testing/spawn-kith-start';

const BIN = resolve(__dirname, '../dist/bin/kith.js');
const ENV = {
  ...process.env,
  LOG_LEVEL: 'warn',
  OPENAI_API_KEY: '',
  OPENAI_BASE_URL: '',
  KITH_SERVER_AUTH_TOKEN: '',
  KITH_SERVER_RATE_LIMIT_MAX: '0',
  KITH_DATABASE_URL: '',
  POSTGRES_URL: '',
};

function runKith(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: ENV });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

interface Posted {
  mode: string;
  duplicate: boolean;
  replies: { id: string; content: { text?: string } }[];
}

async function post(url: string, agentId: string, body: Record<string, unknown>): Promise<Posted> {
  const response = await fetch(`${url}/api/agents/${agentId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Posted;
}

/** `table  in SQLite  copied now  already there  in PostgreSQL  status` rows of the report, by table. */
function reportRows(stdout: string): Record<string, string[]> {
  const rows: Record<string, string[]> = {};
  for (const line of stdout.split('\n')) {
    const match = /^(\w+)\s+([\d,]+)\s+([\d,]+)\s+([\d,]+)\s+([\d,-]+)\s+(.*)$/.exec(line);
    if (match) rows[match[1]] = match.slice(2).map((cell) => cell.replace(/,/g, ''));
  }
  return rows;
}

describe('kith db copy (built CLI): a real agent moves from SQLite to PostgreSQL', () => {
  let cluster: PostgresCluster;
  let database: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster({ maxConnections: 40 });
    database = await createTestDatabase('kith_copy', cluster.url);
    dir = mkdtempSync(join(tmpdir(), 'kith-db-copy-'));
  }, 60_000);
  afterAll(async () => {
    await cluster.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies the history, checks it, copies nothing the second time, and the agent carries on on PostgreSQL', async () => {
    const dataDir = join(dir, 'data');
    // 1. The shipped Eliza on SQLite answers a conversation (memories, vectors, run logs, inbox).
    const sqliteServer = await spawnKithStart(['--port', '0', '--data-dir', dataDir], ENV);
    const { agents } = (await (await fetch(`${sqliteServer.url}/api/agents`)).json()) as { agents: { id: string }[] };
    const agentId = agents[0].id;
    const roomId = randomUUID();
    const sent: { id: string; replies: string[] }[] = [];
    for (let i = 0; i < 12; i++) {
      const id = randomUUID();
      const answer = await post(sqliteServer.url, agentId, {
        id,
        roomId,
        text: `I feel tired of my job, day ${i}`,
        userName: 'mover',
      });
      sent.push({ id, replies: answer.replies.map((r) => r.id) });
    }
    sqliteServer.child.kill('SIGTERM');
    expect(await sqliteServer.exit).toEqual({ code: 0, signal: null });
    const file = new Database(join(dataDir, 'kith.db'), { readonly: true });
    const sqliteCounts = file
      .prepare(
        'SELECT (SELECT count(*) FROM memories) AS memories, (SELECT count(*) FROM embeddings) AS vectors, (SELECT count(*) FROM inbox) AS inbox, (SELECT count(*) FROM logs) AS logs',
      )
      .get() as Record<string, number>;
    file.close();
    expect(sqliteCounts.memories).toBeGreaterThanOrEqual(24);
    expect(sqliteCounts.vectors).toBeGreaterThan(0);
    expect(sqliteCounts.inbox).toBe(12);

    // 2. The copy: progress on stderr, the checked counts on stdout.
    const first = await runKith(['db', 'copy', '--from', dataDir, '--to', database.url]);
    expect(first.stderr).toContain('copying memories:');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Copying ${dataDir} to postgres://kith@127.0.0.1:${cluster.port}/${database.name}`);
    expect(first.stdout).toMatch(/Migrated the database first: \d+ migrations applied/);
    expect(first.stdout).toContain(`Agents: Eliza (${agentId}, 384-d vectors)`);
    expect(first.stdout).toContain('Check: every row of the file is in PostgreSQL.');
    const rows = reportRows(first.stdout);
    expect(rows.memories).toEqual([
      String(sqliteCounts.memories),
      String(sqliteCounts.memories),
      '0',
      String(sqliteCounts.memories),
      'ok',
    ]);
    expect(rows.inbox).toEqual(['12', '12', '0', '12', 'ok']);
    expect(rows.logs.slice(0, 4)).toEqual([
      String(sqliteCounts.logs),
      String(sqliteCounts.logs),
      '0',
      String(sqliteCounts.logs),
    ]);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const pg = (
        await client.query(
          'SELECT (SELECT count(*)::int FROM memories) AS memories, (SELECT count(dimension)::int FROM memories) AS vectors, (SELECT count(*)::int FROM inbox) AS inbox',
        )
      ).rows[0];
      expect(pg).toEqual({ memories: sqliteCounts.memories, vectors: sqliteCounts.vectors, inbox: 12 });
    } finally {
      await client.end();
    }

    // 3. Again: nothing copied twice.
    const second = await runKith(['db', 'copy', '--from', join(dataDir, 'kith.db'), '--to', database.url]);
    expect(second.code).toBe(0);
    expect(reportRows(second.stdout).memories).toEqual([
      String(sqliteCounts.memories),
      '0',
      String(sqliteCounts.memories),
      String(sqliteCounts.memories),
      'ok',
    ]);
    expect(second.stdout).toMatch(/ 0 copied, in /);

    // 4. The agent on PostgreSQL: a message it answered on SQLite is recognised (inbox and replies came along), a new one is answered.
    const pgServer = await spawnKithStart(
      ['--port', '0', '--data-dir', join(dir, 'unused'), '--database-url', database.url],
      ENV,
    );
    try {
      const repeat = await post(pgServer.url, agentId, { id: sent[3].id, roomId, text: 'again', userName: 'mover' });
      expect(repeat).toMatchObject({ duplicate: true });
      expect(repeat.replies.map((r) => r.id)).toEqual(sent[3].replies);
      const fresh = await post(pgServer.url, agentId, { roomId, text: 'I moved house', userName: 'mover' });
      expect(fresh.replies).toHaveLength(1);
    } finally {
      pgServer.child.kill('SIGTERM');
      expect(await pgServer.exit).toEqual({ code: 0, signal: null });
    }
  }, 180_000);

  it('fails with one line naming the fix: a missing file, an unreachable server', async () => {
    const missing = await runKith(['db', 'copy', '--from', join(dir, 'nothing-here'), '--to', database.url]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(
      `kith: No SQLite database at ${join(dir, 'nothing-here')}: pass the agent's kith.db file, or the data folder it is in (kith start --data-dir; default ./.kith). [KITH_SQL_COPY_SOURCE_MISSING]`,
    );
    const port = await freePort();
    const unreachable = await runKith([
      'db',
      'copy',
      '--from',
      join(dir, 'data'),
      '--to',
      `postgres://kith:pw@127.0.0.1:${port}/agents`,
    ]);
    expect(unreachable.code).toBe(1);
    expect(
      unreachable.stderr
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('kith:')),
    ).toEqual([
      `kith: Cannot reach PostgreSQL at 127.0.0.1:${port} (database "agents"): connection refused. Start the server, or fix the host and port in KITH_DATABASE_URL. [KITH_SQL_DATABASE_UNREACHABLE]`,
    ]);
    const noTarget = await runKith(['db', 'copy', '--from', join(dir, 'data')]);
    expect(noTarget.code).toBe(1);
    expect(noTarget.stderr).toContain('--to: give the PostgreSQL database');
  }, 60_000);
});
