import { randomUuid } from '@kith/core';
import { http } from '../testing/http-client';
import { ADMIN_KEY, SESSION_SECRET, startSessionServer, type SessionTestServer } from '../testing/session-server';
import { createTestAgent } from '../testing/test-agent';
import { startTestServer } from '../testing/test-server';

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

  it('refuses a post to its channel once the channel has an agent the session may not use', async () => {
    const headers = {
      authorization: `Bearer ${(await server.mint({ userName: 'Ann', agentIds: [server.agentX] })).token}`,
    };
    const made = await http(server.url, '/api/channels', { body: { agentIds: [server.agentX] }, headers });
    const post = () =>
      http(server.url, `/api/channels/${made.body.channelId}/messages`, {
        body: { text: 'hi', userName: 'Ann' },
        headers,
      });
    expect((await post()).status).toBe(202);
    const joined = await http(server.url, `/api/channels/${made.body.channelId}/agents`, {
      body: { agentId: server.agentY },
      headers: { 'x-api-key': ADMIN_KEY },
    });
    expect(joined.status).toBe(200);
    const refused = await post();
    expect([refused.status, refused.body.error.code]).toEqual([403, 'KITH_FORBIDDEN']);
  });

  it('keeps a session-made channel to the default agent turn limit', async () => {
    const headers = { authorization: `Bearer ${(await server.mint({ userName: 'Ann' })).token}` };
    const made = await http(server.url, '/api/channels', {
      body: { agentIds: [server.agentX, server.agentY], maxAgentTurns: 100 },
      headers,
    });
    expect([made.status, made.body.channel.maxAgentTurns]).toEqual([201, 6]);
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

describe("a session's search", () => {
  it("finds in its own room only, never another user's words", async () => {
    const agent = await createTestAgent();
    const { server, url } = await startTestServer({
      agents: [agent.runtime],
      authToken: ADMIN_KEY,
      sessions: { secret: SESSION_SECRET },
    });
    try {
      const mint = async (userName: string) => {
        const minted = await http(url, '/api/sessions', { body: { userName }, headers: { 'x-api-key': ADMIN_KEY } });
        return { authorization: `Bearer ${minted.body.token}` };
      };
      const a = await mint('Ann');
      const b = await mint('Bob');
      const path = `/api/agents/${agent.runtime.agentId}/messages`;
      await http(url, path, { body: { text: 'my cat chases the mouse at noon' }, headers: a });
      const mine = await http(url, path, { body: { text: 'my dog chases the ball' }, headers: b });
      await agent.runtime.messageService?.whenIdle?.();
      const found = await http(
        url,
        `/api/agents/${agent.runtime.agentId}/rooms/${mine.body.roomId}/memories/search?q=${encodeURIComponent('my cat chases the mouse at noon')}&limit=50`,
        { headers: b },
      );
      expect(found.status).toBe(200);
      const texts = found.body.memories.map((memory: { content: { text?: string } }) => memory.content.text);
      expect(texts).toContain('my dog chases the ball');
      expect(texts.filter((text: string) => text.includes('noon'))).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
