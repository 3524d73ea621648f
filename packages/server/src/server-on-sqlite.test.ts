import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUuid } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import { http } from './testing/http-client';
import { sqliteAgent } from './testing/sqlite-agent';
import { startTestServer } from './testing/test-server';

describe('the server on the SQLite adapter', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kith-server-'));
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers, pages, survives a restart without answering a message twice, and lists logged runs', async () => {
    const id = randomUuid();
    const roomId = randomUuid();
    const first = await sqliteAgent(dataDir, [scriptedReply('Stored in SQLite.')]);
    const one = await startTestServer({ agents: [first.runtime] });
    const base = `/api/agents/${first.runtime.agentId}`;
    let sent;
    try {
      sent = await http(one.url, `${base}/messages`, { body: { text: 'persist me', id, roomId, userName: 'ada' } });
      expect(sent.status).toBe(200);
      expect(sent.body.replies[0].content.text).toBe('Stored in SQLite.');
      await first.runtime.messageService?.whenIdle?.();
      const page = await http(one.url, `${base}/rooms/${roomId}/memories?limit=1`);
      expect(page.body.memories).toHaveLength(1);
      const rest = await http(one.url, `${base}/rooms/${roomId}/memories?limit=5&cursor=${page.body.nextCursor}`);
      expect(rest.body.memories.map((m: { content: { text: string } }) => m.content.text)).toHaveLength(1);
      expect((await http(one.url, '/api/health')).status).toBe(200);
    } finally {
      await one.server.close(); // stops the runtime: the database file is closed
    }

    // A new process on the same file.
    const second = await sqliteAgent(dataDir, [scriptedReply('Must not be said.')]);
    const two = await startTestServer({ agents: [second.runtime] });
    try {
      const repeat = await http(two.url, `${base}/messages`, { body: { text: 'persist me', id, roomId } });
      expect(repeat.body).toMatchObject({ mode: 'duplicate', duplicate: true, memoryId: sent.body.memoryId });
      expect(repeat.body.replies.map((r: { content: { text: string } }) => r.content.text)).toEqual([
        'Stored in SQLite.',
      ]);
      expect(second.model.callsOf('TEXT_LARGE')).toHaveLength(0);

      const runs = await http(two.url, `${base}/runs`);
      const logged = runs.body.runs.find((r: { runId: string }) => r.runId === sent.body.runId);
      expect(logged).toMatchObject({ source: 'log', status: 'completed', roomId });
      expect(logged.totals.modelCalls).toBeGreaterThanOrEqual(1);
      expect((await http(two.url, `${base}/runs/${sent.body.runId}`)).body.source).toBe('log');

      const cleared = await http(two.url, `${base}/rooms/${roomId}/memories`, { method: 'DELETE' });
      expect(cleared.body).toEqual({ roomId, deleted: 2 });
      expect(await second.runtime.countMemories(roomId, false, 'messages')).toBe(0);
    } finally {
      await two.server.close();
    }
  });
});
