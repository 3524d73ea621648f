import { randomUuid } from '@kith/core';
import { http } from '../testing/http-client';
import { startSessionServer, type SessionTestServer } from '../testing/session-server';

describe("a session's messages are its user's", () => {
  let server: SessionTestServer;

  beforeAll(async () => {
    server = await startSessionServer();
  }, 60_000);

  afterAll(() => server?.stop());

  it("keeps a message id per user: a repeat is a repeat, another user's id reaches nothing of theirs", async () => {
    const a = { authorization: `Bearer ${(await server.mint({ userName: 'Ann' })).token}` };
    const b = { authorization: `Bearer ${(await server.mint({ userName: 'Bob' })).token}` };
    const path = `/api/agents/${server.agentX}/messages`;
    const id = randomUuid();
    const first = await http(server.url, path, { body: { text: 'the plan is at noon', id }, headers: a });
    expect([first.status, first.body.duplicate, first.body.replies.length]).toEqual([200, false, 1]);
    const again = await http(server.url, path, { body: { text: 'the plan is at noon', id }, headers: a });
    expect([again.body.duplicate, again.body.messageId]).toEqual([true, first.body.messageId]);

    const copied = await http(server.url, path, { body: { text: 'what was the plan?', id }, headers: b });
    expect([copied.status, copied.body.duplicate]).toEqual([200, false]);
    expect(copied.body.messageId).not.toBe(first.body.messageId);
    expect(copied.body.roomId).not.toBe(first.body.roomId);
    expect(JSON.stringify(copied.body)).not.toContain('noon');
  });

  it('authors every message as the session user, and refuses another entityId', async () => {
    const ann = await server.mint({ userName: 'Ann' });
    const headers = { authorization: `Bearer ${ann.token}` };
    const path = `/api/agents/${server.agentX}/messages`;
    const said = await http(server.url, path, { body: { text: 'hello', userName: 'The Admin' }, headers });
    expect(said.body.entityId).toBe(ann.userId);
    const page = await http(server.url, `/api/agents/${server.agentX}/rooms/${said.body.roomId}/memories`, {
      headers,
    });
    const mine = page.body.memories.filter((memory: { entityId: string }) => memory.entityId === ann.userId);
    expect(mine).toHaveLength(1);
    const spoofed = await http(server.url, path, {
      body: { text: 'hello', entityId: randomUuid() },
      headers,
    });
    expect([spoofed.status, spoofed.body.error.code]).toEqual([403, 'KITH_FORBIDDEN']);
  });
});
