import { randomUuid } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import { http } from '../testing/http-client';
import { createTestAgent, DEFAULT_REPLY, type TestAgent } from '../testing/test-agent';
import { TestSocket } from '../testing/test-socket';
import { startTestServer, type RunningTestServer } from '../testing/test-server';

describe('POST /api/agents/:agentId/messages', () => {
  let agent: TestAgent;
  let running: RunningTestServer;
  let base: string;

  beforeEach(async () => {
    agent = await createTestAgent();
    running = await startTestServer({ agents: [agent.runtime] });
    base = `/api/agents/${agent.runtime.agentId}`;
  });

  afterEach(() => running.server.close());

  it('runs the message through the pipeline and answers with the reply', async () => {
    agent.queue.push(scriptedReply('Nice to meet you, Ada.', ['REPLY'], 'greet her'));
    const response = await http(running.url, `${base}/messages`, {
      body: { text: 'Hello, I am Ada', userName: 'ada' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ agentId: agent.runtime.agentId, mode: 'simple', duplicate: false });
    expect(response.body.replies).toHaveLength(1);
    expect(response.body.replies[0].content).toMatchObject({
      text: 'Nice to meet you, Ada.',
      thought: 'greet her',
      actions: ['REPLY'],
    });
    expect(response.body.replies[0].embedding).toBeUndefined();
    expect(response.headers.get('x-request-id')).toBeTruthy();

    // The message and reply are stored in the room the answer names.
    const stored = await agent.runtime.getMemories({ tableName: 'messages', roomId: response.body.roomId });
    expect(stored.map((m) => m.content.text).sort()).toEqual(['Hello, I am Ada', 'Nice to meet you, Ada.']);
    expect(stored.find((m) => m.content.text === 'Hello, I am Ada')?.id).toBe(response.body.memoryId);
    expect(agent.model.callsOf('TEXT_LARGE')).toHaveLength(1);
  });

  it('keeps one conversation per user when no room is given', async () => {
    const first = await http(running.url, `${base}/messages`, { body: { text: 'one', userName: 'ada' } });
    const second = await http(running.url, `${base}/messages`, { body: { text: 'two', userName: 'ada' } });
    const other = await http(running.url, `${base}/messages`, { body: { text: 'three', userName: 'bob' } });
    expect(second.body.roomId).toBe(first.body.roomId);
    expect(second.body.entityId).toBe(first.body.entityId);
    expect(other.body.roomId).not.toBe(first.body.roomId);
  });

  it('answers a repeated id with the original replies and never replies twice', async () => {
    const id = randomUuid();
    agent.queue.push(scriptedReply('Only once.'));
    const first = await http(running.url, `${base}/messages`, { body: { text: 'hi', id } });
    const again = await http(running.url, `${base}/messages`, { body: { text: 'hi', id } });
    expect(first.body).toMatchObject({ messageId: id, mode: 'simple', duplicate: false });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ messageId: id, memoryId: first.body.memoryId, mode: 'simple', duplicate: true });
    expect(again.body.replies.map((r: { id: string }) => r.id)).toEqual(
      first.body.replies.map((r: { id: string }) => r.id),
    );
    expect(agent.model.callsOf('TEXT_LARGE')).toHaveLength(1);
    const stored = await agent.runtime.getMemories({ tableName: 'messages', roomId: first.body.roomId });
    expect(stored).toHaveLength(2);
  });

  it('answers concurrent requests with the same id once', async () => {
    const id = randomUuid();
    const results = await Promise.all(
      [1, 2, 3].map(() => http(running.url, `${base}/messages`, { body: { text: 'at once', id } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => !r.body.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.replies[0]?.id)).size).toBe(1);
    expect(agent.model.callsOf('TEXT_LARGE')).toHaveLength(1);
  });

  it('finds the stored replies of an id this process has not seen (mode duplicate)', async () => {
    const id = randomUuid();
    const first = await http(running.url, `${base}/messages`, { body: { text: 'remember me', id } });
    // A new server process knows nothing of the request, only what the agent stored.
    const other = await createTestAgent();
    await other.runtime.adapter.createMemory((await agent.runtime.getMemoryById(first.body.memoryId))!, 'messages');
    for (const reply of await agent.runtime.getMemories({ tableName: 'messages', roomId: first.body.roomId })) {
      if (reply.entityId === agent.runtime.agentId) await other.runtime.adapter.createMemory(reply, 'messages');
    }
    const second = await startTestServer({ agents: [other.runtime] });
    try {
      const repeat = await http(second.url, `${base}/messages`, { body: { text: 'remember me', id } });
      expect(repeat.body).toMatchObject({ mode: 'duplicate', duplicate: true, memoryId: first.body.memoryId });
      expect(repeat.body.replies.map((r: { content: { text: string } }) => r.content.text)).toEqual([
        first.body.replies[0].content.text,
      ]);
      expect(other.model.callsOf('TEXT_LARGE')).toHaveLength(0);
    } finally {
      await second.server.close();
    }
  });

  it('answers 202 with async and sends the replies to WebSocket subscribers of the room', async () => {
    const roomId = randomUuid();
    const socket = await TestSocket.open(running.url);
    socket.send({ type: 'join', channelId: roomId, agentId: agent.runtime.agentId });
    await socket.next((f) => f.type === 'joined');
    agent.queue.push(scriptedReply('Later, over the socket.'));
    const accepted = await http(running.url, `${base}/messages`, {
      body: { text: 'async please', roomId, async: true },
    });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'accepted', roomId, agentId: agent.runtime.agentId });
    const reply = await socket.next((f) => f.type === 'reply' && f.messageId === accepted.body.messageId);
    expect(reply.content.text).toBe('Later, over the socket.');
    const done = await socket.next((f) => f.type === 'done' && f.messageId === accepted.body.messageId);
    expect(done).toMatchObject({ mode: 'simple', duplicate: false, memoryId: accepted.body.memoryId });
    expect(done.replies[0].content.text).toBe('Later, over the socket.');
    await socket.close();
  });

  it('refuses messages while the agent is stopped and takes them again after start', async () => {
    const stop = await http(running.url, `${base}/stop`, { method: 'POST' });
    expect(stop.body.agent.status).toBe('stopped');
    const refused = await http(running.url, `${base}/messages`, { body: { text: 'anyone?' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('KITH_AGENT_NOT_RUNNING');
    await http(running.url, `${base}/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      raw: '',
    });
    const taken = await http(running.url, `${base}/messages`, { body: { text: 'anyone?' } });
    expect(taken.status).toBe(200);
    expect(taken.body.replies[0].content.text).toBe(DEFAULT_REPLY);
  });
});
