import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type PostgresCluster, startPostgresCluster } from '@kith/plugin-sql/testing';
import { killIfRunning, type KithProcess, startKith } from '../testing/kith-server-process';
import { writeLoadCharacter } from '../testing/load-character';

interface Reply {
  status: number;
  // Test-only: bodies are asserted field by field.
  body: any;
}

async function call(url: string, path: string, method = 'GET', body?: unknown): Promise<Reply> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Polls until `check` holds (every 200 ms), failing after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('agents made at run time on a fleet of two kith start servers on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let dir: string;
  const servers: KithProcess[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    dir = mkdtempSync(join(tmpdir(), 'kith-studio-fleet-'));
  }, 60_000);
  afterAll(async () => {
    for (const server of servers.splice(0)) await killIfRunning(server);
    await cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an agent made on one server answers on the other; edits and deletion reach both; stale and invalid saves are refused', async () => {
    const database = await createTestDatabase('studio_fleet', cluster.url);
    const character = writeLoadCharacter(dir);
    const [a, b] = await Promise.all(
      ['a', 'b'].map((name) => startKith(join(dir, name), character, { env: { KITH_DATABASE_URL: database.url } })),
    );
    servers.push(a, b);

    const missing = await call(a.url, '/api/agents', 'POST', {
      character: { name: 'Mira', plugins: ['@kith/plugin-nowhere'] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.path).toBe('body.character.plugins[0]');
    expect(missing.body.error.message).toContain('is not installed');
    const studio = await call(a.url, '/api/studio');
    expect(studio.body.plugins).toContain('@kith/plugin-eliza-classic');

    const made = await call(a.url, '/api/agents', 'POST', {
      character: { name: 'Mira', bio: ['A gardener.'], plugins: ['@kith/plugin-eliza-classic'] },
    });
    expect(made.status).toBe(201);
    const agentId: string = made.body.agent.id;

    // The other server runs it within seconds, and it answers there.
    await eventually(async () => (await call(b.url, `/api/agents/${agentId}`)).status === 200);
    const answered = await call(b.url, `/api/agents/${agentId}/messages`, 'POST', {
      text: 'I feel happy today',
      userName: 'ada',
    });
    expect(answered.status).toBe(200);
    expect(answered.body.replies[0].content.text).toBeTruthy();

    // An edit on B reaches A; a save on A still based on version 1 is refused.
    const edited = await call(b.url, `/api/agents/${agentId}`, 'PATCH', {
      character: { bio: ['Keeps bees.'] },
      version: 1,
    });
    expect(edited.body.version).toBe(2);
    await eventually(async () => (await call(a.url, `/api/agents/${agentId}`)).body.version === 2);
    expect((await call(a.url, `/api/agents/${agentId}`)).body.bio).toEqual(['Keeps bees.']);
    const stale = await call(a.url, `/api/agents/${agentId}`, 'PATCH', { character: { bio: ['Sails.'] }, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('KITH_AGENT_VERSION_CONFLICT');

    // The file agent cannot be changed through the API.
    const file = await call(a.url, `/api/agents/${a.agentId}`, 'PATCH', { character: { bio: 'x' }, version: 1 });
    expect(file.body.error.code).toBe('KITH_AGENT_NOT_EDITABLE');

    // Deleted on A: gone from B too.
    expect((await call(a.url, `/api/agents/${agentId}`, 'DELETE')).body.deleted).toBe(true);
    await eventually(async () => (await call(b.url, `/api/agents/${agentId}`)).status === 404);
  }, 90_000);
});
