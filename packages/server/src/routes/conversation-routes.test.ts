import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http } from '../testing/http-client';
import { sqliteAgent } from '../testing/sqlite-agent';
import { startTestServer } from '../testing/test-server';

describe('GET /api/agents/:agentId/conversations', () => {
  it("lists each person's conversation with names and the last message, newest first", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kith-conversations-'));
    const { runtime } = await sqliteAgent(dataDir, []);
    const { server, url } = await startTestServer({ agents: [runtime] });
    try {
      const base = `/api/agents/${runtime.agentId}`;
      const ada = await http(url, `${base}/messages`, { body: { text: 'I am Ada', userName: 'Ada' } });
      const bob = await http(url, `${base}/messages`, { body: { text: 'I am Bob', userName: 'Bob' } });
      const { conversations } = (await http(url, `${base}/conversations`)).body;
      const people = conversations.filter((c: { type: string }) => c.type !== 'SELF');
      expect(people.map((c: { roomId: string }) => c.roomId)).toEqual([bob.body.roomId, ada.body.roomId]);
      expect(people[0].participants.map((p: { name: string }) => p.name).sort()).toEqual(['Bob', 'Testy']);
      expect(people[0].lastMessage).toMatchObject({ text: 'default', authorName: 'Testy' });
      expect(people[0].at).toBeGreaterThanOrEqual(people[1].at);
      // Memories name their authors.
      const { memories } = (await http(url, `${base}/rooms/${bob.body.roomId}/memories`)).body;
      expect(memories.map((m: { authorName: string }) => m.authorName)).toEqual(['Testy', 'Bob']);
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
