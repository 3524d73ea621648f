import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http } from '../testing/http-client';
import { sqliteAgent } from '../testing/sqlite-agent';
import { TEST_PLUGIN, testAgentFactory } from '../testing/test-agent-factory';
import { startTestServer } from '../testing/test-server';

describe('agents made at run time (POST/PATCH/DELETE /api/agents)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'kith-studio-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  /** A server with one file agent on the SQLite file in dataDir, and the test factory. */
  async function start() {
    const file = await sqliteAgent(dataDir, []);
    const factory = testAgentFactory({ dataDir });
    const running = await startTestServer({ agents: [file.runtime], agentFactory: factory, agentSyncMs: 60_000 });
    return { ...running, file: file.runtime, factory };
  }

  it('a server that cannot run a studio agent (a plugin missing there) tries again only once the agent is changed', async () => {
    const maker = await start();
    const other = await sqliteAgent(dataDir, []);
    const factory = testAgentFactory({ dataDir });
    let attempts = 0;
    const failing = {
      ...factory,
      create: async () => {
        attempts += 1;
        throw new Error('plugin missing here');
      },
    };
    const made = await http(maker.url, '/api/agents', { body: { character: { name: 'Nell' } } });
    const second = await startTestServer({ agents: [other.runtime], agentFactory: failing, agentSyncMs: 50 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(attempts).toBe(1);
      await http(maker.url, `/api/agents/${made.body.agent.id}`, {
        method: 'PATCH',
        body: { character: { bio: 'changed' }, version: 1 },
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(attempts).toBe(2);
      expect((await http(second.url, '/api/agents')).body.agents.map((a: { name: string }) => a.name)).toEqual([
        'Testy',
      ]);
    } finally {
      await second.server.close();
      await maker.server.close();
    }
  });

  it('makes, changes live, refuses stale and invalid saves, keeps secrets unseen, and survives a restart', async () => {
    const first = await start();
    let agentId: string;
    try {
      const { url } = first;
      const noName = await http(url, '/api/agents', { body: { character: { bio: 'x' } } });
      expect(noName.status).toBe(400);
      expect(noName.body.error.path).toBe('body.character.name');
      const badPlugin = await http(url, '/api/agents', { body: { character: { name: 'Zed', plugins: ['nope'] } } });
      expect(badPlugin.status).toBe(400);
      expect(badPlugin.body.error.path).toBe('body.character.plugins[0]');
      const badSetting = await http(url, '/api/agents', {
        body: { character: { name: 'Zed', settings: { 'a b': 1 } } },
      });
      expect(badSetting.status).toBe(400);
      expect(badSetting.body.error.path).toBe('body.character.settings.a b');

      const made = await http(url, '/api/agents', {
        body: {
          character: {
            name: 'Mira',
            bio: ['Grows tomatoes.'],
            plugins: [TEST_PLUGIN],
            secrets: { API_TOKEN: 's3cret' },
          },
        },
      });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ version: 1, agent: { name: 'Mira', status: 'running', source: 'studio' } });
      agentId = made.body.agent.id;
      const listed = (await http(url, '/api/agents')).body.agents;
      expect(listed.map((a: { name: string; source: string }) => [a.name, a.source])).toEqual([
        ['Testy', 'file'],
        ['Mira', 'studio'],
      ]);

      const said = await http(url, `/api/agents/${agentId}/messages`, { body: { text: 'hello', userName: 'ada' } });
      expect(said.body.replies[0].content.text).toBe('Mira here. Grows tomatoes.');

      const read = await http(url, `/api/agents/${agentId}/character`);
      expect(read.body).toMatchObject({ version: 1, editable: true, source: 'studio', secrets: ['API_TOKEN'] });
      expect(JSON.stringify(read.body)).not.toContain('s3cret');

      const edited = await http(url, `/api/agents/${agentId}`, {
        method: 'PATCH',
        body: { character: { bio: ['Keeps bees.'] }, version: 1 },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.version).toBe(2);
      const next = await http(url, `/api/agents/${agentId}/messages`, { body: { text: 'again', userName: 'ada' } });
      expect(next.body.replies[0].content.text).toBe('Mira here. Keeps bees.');
      expect(first.factory.prompts.at(-1)).toContain('# About Mira\nKeeps bees.');

      // A second editor still on version 1: refused, the first change kept.
      const stale = await http(url, `/api/agents/${agentId}`, {
        method: 'PATCH',
        body: { character: { bio: ['Sails.'] }, version: 1 },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('KITH_AGENT_VERSION_CONFLICT');
      const viaHeader = await http(url, `/api/agents/${agentId}`, {
        method: 'PATCH',
        headers: { 'if-match': '"2"' },
        body: { character: { topics: ['bees'] } },
      });
      expect(viaHeader.body.version).toBe(3);
      // Other plugins: a new runtime, same id, still answering with the stored character.
      const runtimeBefore = first.server.getAgent(agentId as never);
      const replugged = await http(url, `/api/agents/${agentId}`, {
        method: 'PATCH',
        headers: { 'if-match': '"3"' },
        body: { character: { plugins: [] } },
      });
      expect(replugged.body.version).toBe(4);
      expect(first.server.getAgent(agentId as never)).not.toBe(runtimeBefore);
      const after = await http(url, `/api/agents/${agentId}/messages`, {
        body: { text: 'still there?', userName: 'ada' },
      });
      expect(after.body.replies[0].content.text).toBe('Mira here. Keeps bees.');
      const noVersion = await http(url, `/api/agents/${agentId}`, { method: 'PATCH', body: { character: {} } });
      expect(noVersion.status).toBe(400);
      expect(noVersion.body.error.path).toBe('body.version');

      const fileEdit = await http(url, `/api/agents/${first.file.agentId}`, {
        method: 'PATCH',
        body: { character: { bio: 'x' }, version: 1 },
      });
      expect(fileEdit.status).toBe(409);
      expect(fileEdit.body.error.code).toBe('KITH_AGENT_NOT_EDITABLE');
      const fileDelete = await http(url, `/api/agents/${first.file.agentId}`, { method: 'DELETE' });
      expect(fileDelete.body.error.code).toBe('KITH_AGENT_NOT_EDITABLE');
    } finally {
      await first.server.close();
    }

    const second = await start();
    try {
      const { url } = second;
      const found = (await http(url, `/api/agents/${agentId}`)).body;
      expect(found).toMatchObject({
        name: 'Mira',
        source: 'studio',
        version: 4,
        bio: ['Keeps bees.'],
        topics: ['bees'],
      });
      const secrets = (await http(url, `/api/agents/${agentId}/character`)).body.secrets;
      expect(secrets).toEqual(['API_TOKEN']);
      const rooms = (await http(url, `/api/agents/${agentId}/rooms`)).body.rooms;
      expect(rooms.map((room: { name: string }) => room.name)).toContain('ada');

      const deleted = await http(url, `/api/agents/${agentId}`, { method: 'DELETE' });
      expect(deleted.body).toEqual({ id: agentId, deleted: true, purged: false });
      expect((await http(url, `/api/agents/${agentId}`)).status).toBe(404);
      // Its memories are kept.
      const kept = await second.file.adapter.getMemories({
        tableName: 'messages',
        agentId: agentId as never,
        count: 10,
      });
      expect(kept.length).toBeGreaterThan(0);
    } finally {
      await second.server.close();
    }

    const third = await start();
    try {
      expect((await http(third.url, '/api/agents')).body.agents.map((a: { name: string }) => a.name)).toEqual([
        'Testy',
      ]);
    } finally {
      await third.server.close();
    }
  });
});
