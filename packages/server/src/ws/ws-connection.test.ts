import { randomUuid } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import { storyPlugin } from '../testing/story-plugin';
import { createTestAgent, type TestAgent } from '../testing/test-agent';
import { TestSocket } from '../testing/test-socket';
import { startTestServer, type RunningTestServer } from '../testing/test-server';

describe('WebSocket /ws', () => {
  let agent: TestAgent;
  let running: RunningTestServer;
  let socket: TestSocket;

  beforeEach(async () => {
    agent = await createTestAgent({ plugins: [storyPlugin] });
    running = await startTestServer({ agents: [agent.runtime] });
    socket = await TestSocket.open(running.url);
  });

  afterEach(async () => {
    await socket.close();
    await running.server.close();
  });

  it('joins a channel, sends a message and gets thinking, the reply and done, in order', async () => {
    const channelId = randomUuid();
    socket.send({ type: 'join', channelId, agentId: agent.runtime.agentId, requestId: 'j1' });
    expect(await socket.next((f) => f.type === 'joined')).toMatchObject({
      channelId,
      agentId: agent.runtime.agentId,
      requestId: 'j1',
    });
    agent.queue.push(scriptedReply('Hi over the socket.', ['REPLY'], 'be friendly'));
    socket.send({ type: 'send', channelId, text: 'hello', userName: 'ada', requestId: 's1' });
    const accepted = await socket.next((f) => f.type === 'accepted');
    expect(accepted).toMatchObject({ channelId, agentIds: [agent.runtime.agentId], requestId: 's1' });
    const messageId = accepted.id;
    expect(await socket.next((f) => f.type === 'thinking')).toMatchObject({ messageId, active: true });
    const reply = await socket.next((f) => f.type === 'reply');
    expect(reply).toMatchObject({ messageId, agentId: agent.runtime.agentId, actionName: 'REPLY' });
    expect(reply.content).toMatchObject({ text: 'Hi over the socket.', thought: 'be friendly' });
    expect(await socket.next((f) => f.type === 'thinking')).toMatchObject({ messageId, active: false });
    const done = await socket.next((f) => f.type === 'done');
    expect(done).toMatchObject({ messageId, mode: 'simple', duplicate: false });
    expect(done.replies).toHaveLength(1);
    expect(typeof done.runId).toBe('string');
    // The sender does not get its own message echoed.
    expect(socket.all('user_message')).toEqual([]);
  });

  it('streams chunks before the reply they build', async () => {
    const channelId = randomUuid();
    agent.queue.push(scriptedReply('', ['STORY'], 'a story it is'), 'Once upon a time.');
    socket.send({ type: 'send', channelId, agentId: agent.runtime.agentId, text: 'tell me a story' });
    const first = await socket.next((f) => f.type === 'chunk');
    const second = await socket.next((f) => f.type === 'chunk');
    expect([first.index, second.index]).toEqual([0, 1]);
    expect(first.chunk + second.chunk).toBe('Once upon a time. The end.');
    const reply = await socket.next((f) => f.type === 'reply');
    expect(reply.content.text).toBe('Once upon a time. The end.');
    expect(await socket.next((f) => f.type === 'done')).toMatchObject({ mode: 'actions' });
    const frames = socket.frames.map((f) => f.type);
    expect(frames.lastIndexOf('chunk')).toBeLessThan(frames.indexOf('reply'));
  });

  it('never answers the same message id twice', async () => {
    const channelId = randomUuid();
    const id = randomUuid();
    socket.send({ type: 'send', channelId, agentId: agent.runtime.agentId, text: 'once', id });
    const done = await socket.next((f) => f.type === 'done');
    socket.send({ type: 'send', channelId, agentId: agent.runtime.agentId, text: 'once', id });
    const repeat = await socket.next((f) => f.type === 'done');
    expect(repeat).toMatchObject({ messageId: id, duplicate: true, memoryId: done.memoryId });
    expect(repeat.replies.map((r: { id: string }) => r.id)).toEqual(done.replies.map((r: { id: string }) => r.id));
    expect(socket.all('reply')).toHaveLength(1);
    expect(agent.model.callsOf('TEXT_LARGE')).toHaveLength(1);
  });

  it('shows other subscribers of the channel the message and the reply', async () => {
    const channelId = randomUuid();
    const watcher = await TestSocket.open(running.url);
    try {
      watcher.send({ type: 'join', channelId, agentId: agent.runtime.agentId });
      await watcher.next((f) => f.type === 'joined');
      socket.send({ type: 'send', channelId, agentId: agent.runtime.agentId, text: 'for everyone', userName: 'ada' });
      expect(await watcher.next((f) => f.type === 'user_message')).toMatchObject({
        channelId,
        text: 'for everyone',
        userName: 'ada',
      });
      expect((await watcher.next((f) => f.type === 'reply')).content.text).toBeTruthy();
      await watcher.next((f) => f.type === 'done');
    } finally {
      await watcher.close();
    }
  });

  it('answers bad frames with error frames and stays open', async () => {
    socket.send('not json');
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({
      error: { code: 'KITH_REQUEST_INVALID', path: 'frame' },
    });
    socket.send({ type: 'shout', requestId: 'r1' });
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({
      requestId: 'r1',
      error: { code: 'KITH_REQUEST_INVALID', path: 'frame.type' },
    });
    socket.send({ type: 'send', channelId: 'nope', text: 'x' });
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({
      error: { code: 'KITH_REQUEST_INVALID', path: 'frame.channelId' },
    });
    socket.send({ type: 'send', channelId: randomUuid(), text: '' });
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({ error: { path: 'frame.text' } });
    socket.send({ type: 'send', channelId: randomUuid(), text: 'nobody here' });
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({
      error: { code: 'KITH_REQUEST_INVALID', path: 'frame.agentId' },
    });
    socket.send({ type: 'join', channelId: randomUuid(), agentId: randomUuid() });
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({ error: { code: 'KITH_AGENT_NOT_FOUND' } });
    socket.send(Buffer.from([1, 2, 3]).toString('latin1') + '{');
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({ error: { code: 'KITH_REQUEST_INVALID' } });
    socket.send({ type: 'ping', requestId: 'p' });
    expect(await socket.next((f) => f.type === 'pong')).toEqual({ type: 'pong', requestId: 'p' });
  });

  it('reports a stopped agent as an error frame', async () => {
    await fetch(`${running.url}/api/agents/${agent.runtime.agentId}/stop`, { method: 'POST' });
    socket.send({
      type: 'send',
      channelId: randomUuid(),
      agentId: agent.runtime.agentId,
      text: 'hello?',
      requestId: 'x',
    });
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({
      requestId: 'x',
      error: { code: 'KITH_AGENT_NOT_RUNNING' },
    });
  });
});

describe('WebSocket with several agents and limits', () => {
  it('lets every agent of a channel answer one message', async () => {
    const ada = await createTestAgent({ name: 'Ada' });
    const bob = await createTestAgent({ name: 'Bob' });
    const { server, url } = await startTestServer({ agents: [ada.runtime, bob.runtime] });
    const socket = await TestSocket.open(url);
    try {
      const channelId = randomUuid();
      ada.queue.push(scriptedReply('Ada here.'));
      bob.queue.push(scriptedReply('Bob here.'));
      for (const agentId of [ada.runtime.agentId, bob.runtime.agentId]) {
        socket.send({ type: 'join', channelId, agentId });
        await socket.next((f) => f.type === 'joined');
      }
      socket.send({ type: 'send', channelId, text: 'who is there?', channelType: 'GROUP' });
      const accepted = await socket.next((f) => f.type === 'accepted');
      expect(new Set(accepted.agentIds)).toEqual(new Set([ada.runtime.agentId, bob.runtime.agentId]));
      const dones = [await socket.next((f) => f.type === 'done'), await socket.next((f) => f.type === 'done')];
      const texts = dones.map((d) => d.replies[0]?.content.text).sort();
      expect(texts).toEqual(['Ada here.', 'Bob here.']);
      // Each agent keeps its own memory of the one channel message.
      expect(dones[0]?.memoryId).not.toBe(dones[1]?.memoryId);
    } finally {
      await socket.close();
      await server.close();
    }
  });

  it('limits the frames one connection may send per window', async () => {
    const agent = await createTestAgent();
    const { server, url } = await startTestServer({
      agents: [agent.runtime],
      rateLimit: { max: 3, timeWindowMs: 60_000, limitLoopback: true },
    });
    const socket = await TestSocket.open(url);
    try {
      for (let i = 0; i < 4; i++) socket.send({ type: 'ping', requestId: String(i) });
      for (let i = 0; i < 3; i++) await socket.next((f) => f.type === 'pong');
      expect(await socket.next((f) => f.type === 'error')).toMatchObject({
        requestId: '3',
        error: { code: 'KITH_RATE_LIMITED' },
      });
    } finally {
      await socket.close();
      await server.close();
    }
  });

  it('closes a connection that sends a frame over the body limit', async () => {
    const agent = await createTestAgent();
    const { server, url } = await startTestServer({ agents: [agent.runtime], bodyLimit: 1024 });
    const socket = await TestSocket.open(url);
    try {
      socket.send({ type: 'ping', requestId: 'x'.repeat(2000) });
      await expect(socket.next(() => false)).rejects.toThrow(/socket closed \(1009\)/);
    } finally {
      await server.close();
    }
  });
});
