import { type ChannelClearedPayload, type MessagePayload, randomUuid, type UUID } from '@kith/core';
import { http } from '../testing/http-client';
import { createTestAgent, type TestAgent } from '../testing/test-agent';
import { TestSocket } from '../testing/test-socket';
import { startTestServer, type RunningTestServer } from '../testing/test-server';

describe('rooms and memories', () => {
  let agent: TestAgent;
  let running: RunningTestServer;
  let base: string;
  const roomId = randomUuid();

  const say = async (text: string, room: UUID = roomId) =>
    http(running.url, `${base}/messages`, { body: { text, roomId: room, userName: 'ada' } });

  beforeEach(async () => {
    agent = await createTestAgent();
    running = await startTestServer({ agents: [agent.runtime] });
    base = `/api/agents/${agent.runtime.agentId}`;
  });

  afterEach(() => running.server.close());

  it('lists the rooms the agent takes part in', async () => {
    const other = randomUuid();
    await say('first room');
    await say('second room', other);
    const response = await http(running.url, `${base}/rooms`);
    expect(response.status).toBe(200);
    // Its own SELF room (id = agent id, made at start as elizaOS makes it) is one of them.
    const rooms = response.body.rooms as { id: string; type: string; source: string }[];
    expect(rooms.map((r) => r.id).sort()).toEqual([roomId, other, agent.runtime.agentId].sort());
    expect(rooms.find((r) => r.id === roomId)).toMatchObject({ source: 'api', type: 'DM' });
    expect(rooms.find((r) => r.id === agent.runtime.agentId)).toMatchObject({ type: 'SELF' });
  });

  it('pages through memories newest first with a cursor, without gaps or repeats', async () => {
    for (let i = 1; i <= 6; i++) await say(`message ${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=5&cursor=${encodeURIComponent(cursor)}` : '?limit=5';
      const page = await http(running.url, `${base}/rooms/${roomId}/memories${query}`);
      expect(page.status).toBe(200);
      expect(page.body.memories.length).toBeLessThanOrEqual(5);
      seen.push(...page.body.memories.map((m: { id: string }) => m.id));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor);
    // 6 messages and 6 replies, each once.
    expect(pages).toBe(3);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    const stored = await agent.runtime.getMemories({ tableName: 'messages', roomId });
    expect(seen).toEqual(stored.map((m) => m.id));
  });

  it("searches a room's memories by meaning, best first", async () => {
    for (const text of ['my cat sleeps on the sofa', 'the stock market fell today', 'my cat chases the mouse'])
      await say(text);
    await agent.runtime.messageService?.whenIdle?.();
    const { body: sent } = await say('placeholder');
    await agent.runtime.messageService?.whenIdle?.();
    const found = await http(
      running.url,
      `${base}/rooms/${sent.roomId}/memories/search?q=${encodeURIComponent('my cat chases the mouse')}&limit=3`,
    );
    expect(found.status).toBe(200);
    expect(found.body.memories).toHaveLength(3);
    expect(found.body.memories[0].content.text).toBe('my cat chases the mouse');
    expect(found.body.memories[0].similarity).toBeGreaterThan(found.body.memories[2].similarity ?? 0);
    expect(found.body.memories[0]).not.toHaveProperty('embedding');
    const empty = await http(running.url, `${base}/rooms/${sent.roomId}/memories/search?q=`);
    expect(empty.status).toBe(400);
    expect(empty.body.error.path).toBe('query.q');
  });

  it('rejects a cursor it did not issue and an unknown room', async () => {
    const bad = await http(running.url, `${base}/rooms/${roomId}/memories?cursor=garbage`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'KITH_REQUEST_INVALID', path: 'query.cursor' });
    const missing = await http(running.url, `${base}/rooms/${randomUuid()}/memories`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('KITH_RESOURCE_NOT_FOUND');
  });

  it('deletes one memory, emitting MESSAGE_DELETED', async () => {
    const sent = await say('forget this');
    const deleted: MessagePayload[] = [];
    agent.runtime.registerEvent('MESSAGE_DELETED', (payload) => void deleted.push(payload));
    const response = await http(running.url, `${base}/memories/${sent.body.memoryId}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: sent.body.memoryId, deleted: true });
    expect(deleted.map((p) => p.message.id)).toEqual([sent.body.memoryId]);
    expect(await agent.runtime.getMemoryById(sent.body.memoryId)).toBeNull();
    const again = await http(running.url, `${base}/memories/${sent.body.memoryId}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('does not delete a memory of another agent', async () => {
    const sent = await say('mine');
    const other = await createTestAgent({ name: 'Other' });
    await running.server.addAgent(other.runtime);
    // Same database in production: make the memory visible to the other agent's adapter.
    await other.runtime.adapter.createMemory((await agent.runtime.getMemoryById(sent.body.memoryId))!, 'messages');
    const response = await http(running.url, `/api/agents/${other.runtime.agentId}/memories/${sent.body.memoryId}`, {
      method: 'DELETE',
    });
    expect(response.status).toBe(404);
    expect(await other.runtime.adapter.getMemoryById(sent.body.memoryId)).not.toBeNull();
  });

  it('clears a channel, emitting CHANNEL_CLEARED and telling WebSocket subscribers', async () => {
    await say('one');
    await say('two');
    const socket = await TestSocket.open(running.url);
    socket.send({ type: 'join', channelId: roomId, agentId: agent.runtime.agentId });
    await socket.next((f) => f.type === 'joined');
    const cleared: ChannelClearedPayload[] = [];
    agent.runtime.registerEvent('CHANNEL_CLEARED', (payload) => void cleared.push(payload));
    const response = await http(running.url, `${base}/rooms/${roomId}/memories`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ roomId, deleted: 4 });
    expect(cleared).toEqual([expect.objectContaining({ roomId, memoryCount: 4 })]);
    expect(await agent.runtime.countMemories(roomId, false, 'messages')).toBe(0);
    expect(await socket.next((f) => f.type === 'cleared')).toMatchObject({ channelId: roomId, deleted: 4 });
    const page = await http(running.url, `${base}/rooms/${roomId}/memories`);
    expect(page.body).toEqual({ memories: [], nextCursor: null });
    await socket.close();
  });

  it("relays elizaOS's sendControlMessage to the channel's WebSocket subscribers as a control frame", async () => {
    await say('hello');
    const socket = await TestSocket.open(running.url);
    socket.send({ type: 'join', channelId: roomId, agentId: agent.runtime.agentId });
    await socket.next((f) => f.type === 'joined');
    await agent.runtime.sendControlMessage({ roomId, action: 'disable_input', target: 'composer' });
    expect(await socket.next((f) => f.type === 'control')).toEqual({
      type: 'control',
      agentId: agent.runtime.agentId,
      channelId: roomId,
      action: 'disable_input',
      target: 'composer',
    });
    await socket.close();
  });
});
