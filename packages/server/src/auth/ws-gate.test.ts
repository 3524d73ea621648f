import { defaultRoomId, randomUuid, type UUID } from '@kith/core';
import { http } from '../testing/http-client';
import { startSessionServer, type SessionTestServer } from '../testing/session-server';
import { TestSocket } from '../testing/test-socket';

const A_WORDS = 'only for user A';

describe('WebSocket with sessions: B never joins or hears A’s rooms and channels', () => {
  let server: SessionTestServer;
  let userA: { token: string; userId: UUID };
  let userB: { token: string; userId: UUID };
  let roomA: UUID;
  let channelA: UUID;

  beforeAll(async () => {
    server = await startSessionServer();
    userA = await server.mint({ userName: 'Ann' });
    userB = await server.mint({ userName: 'Bob', agentIds: [server.agentX] });
    const headers = { authorization: `Bearer ${userA.token}` };
    const said = await http(server.url, `/api/agents/${server.agentX}/messages`, { body: { text: A_WORDS }, headers });
    roomA = said.body.roomId;
    const channel = await http(server.url, '/api/channels', { body: { agentIds: [server.agentX] }, headers });
    channelA = channel.body.channelId;
  }, 60_000);

  afterAll(() => server?.stop());

  it('refuses B’s joins and sends into A’s room and channel with a code, and B hears nothing of A’s next turn', async () => {
    const { agentX, agentY } = server;
    const a = await TestSocket.open(server.url, { query: `?token=${userA.token}` });
    const b = await TestSocket.open(server.url, { headers: { authorization: `Bearer ${userB.token}` } });
    try {
      a.send({ type: 'join', channelId: roomA, agentId: agentX, requestId: 'a-room' });
      expect(await a.next((frame) => frame.requestId === 'a-room')).toMatchObject({ type: 'joined' });
      a.send({ type: 'join', channelId: channelA, requestId: 'a-channel' });
      expect(await a.next((frame) => frame.requestId === 'a-channel')).toMatchObject({ type: 'joined' });

      const attempts: [string, Record<string, unknown>, string][] = [
        ['join A’s room', { type: 'join', channelId: roomA, agentId: agentX }, 'KITH_RESOURCE_NOT_FOUND'],
        ['follow A’s room', { type: 'join', channelId: roomA }, 'KITH_RESOURCE_NOT_FOUND'],
        ['follow A’s channel', { type: 'join', channelId: channelA }, 'KITH_RESOURCE_NOT_FOUND'],
        [
          'join A’s channel with an agent',
          { type: 'join', channelId: channelA, agentId: agentX },
          'KITH_RESOURCE_NOT_FOUND',
        ],
        ['send into A’s room', { type: 'send', channelId: roomA, agentId: agentX, text: 'hi' }, 'KITH_FORBIDDEN'],
        ['send into A’s channel', { type: 'send', channelId: channelA, text: 'hi' }, 'KITH_FORBIDDEN'],
        [
          'speak as A',
          { type: 'send', channelId: randomUuid(), agentId: agentX, text: 'hi', entityId: userA.userId },
          'KITH_FORBIDDEN',
        ],
        [
          'use an agent it may not',
          { type: 'send', channelId: randomUuid(), agentId: agentY, text: 'hi' },
          'KITH_FORBIDDEN',
        ],
        [
          'join a room nobody uses yet',
          { type: 'join', channelId: randomUuid(), agentId: agentX },
          'KITH_RESOURCE_NOT_FOUND',
        ],
      ];
      for (const [what, frame, code] of attempts) {
        b.send({ ...frame, requestId: what });
        const answer = await b.next((received) => received.requestId === what);
        expect([what, answer.type, answer.error?.code]).toEqual([what, 'error', code]);
      }

      // B's own conversation works, as B.
      const own = defaultRoomId(agentX, userB.userId);
      b.send({ type: 'join', channelId: own, agentId: agentX, requestId: 'b-own' });
      expect(await b.next((frame) => frame.requestId === 'b-own')).toMatchObject({ type: 'joined' });
      b.send({ type: 'send', channelId: own, agentId: agentX, text: 'hello from B', requestId: 'b-send' });
      expect(await b.next((frame) => frame.requestId === 'b-send')).toMatchObject({ type: 'accepted' });
      await b.next((frame) => frame.type === 'done' && frame.channelId === own);

      // A talks again in the room and the channel; A hears it, B hears nothing of it.
      a.send({ type: 'send', channelId: roomA, agentId: agentX, text: `${A_WORDS}, again`, requestId: 'a-again' });
      await a.next((frame) => frame.type === 'done' && frame.channelId === roomA);
      a.send({ type: 'send', channelId: channelA, text: `${A_WORDS}, in the channel`, requestId: 'a-channel-send' });
      expect(await a.next((frame) => frame.requestId === 'a-channel-send')).toMatchObject({ type: 'accepted' });
      await a.next((frame) => frame.type === 'done' && frame.channelId === channelA);
      const heardByB = JSON.stringify(b.frames);
      expect(heardByB).not.toContain(A_WORDS);
      expect(heardByB).not.toContain(userA.userId);
      for (const frame of b.frames) expect([roomA, channelA]).not.toContain(frame.channelId);
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);

  it('refuses the frames of a connection whose session has expired since it opened', async () => {
    const brief = await server.mint({ userName: 'Brief', ttlSeconds: 1 });
    const socket = await TestSocket.open(server.url, { query: `?token=${brief.token}` });
    try {
      const own = defaultRoomId(server.agentX, brief.userId);
      socket.send({ type: 'join', channelId: own, agentId: server.agentX, requestId: 'early' });
      expect(await socket.next((frame) => frame.requestId === 'early')).toMatchObject({ type: 'joined' });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      socket.send({ type: 'send', channelId: own, agentId: server.agentX, text: 'late', requestId: 'late' });
      const late = await socket.next((frame) => frame.requestId === 'late');
      expect([late.type, late.error?.code]).toEqual(['error', 'KITH_SESSION_EXPIRED']);
    } finally {
      await socket.close();
    }
  });

  it('refuses the upgrade with a bad token, and a session token sent as the admin key', async () => {
    await expect(TestSocket.open(server.url, { query: '?token=not-a-token' })).rejects.toThrow(/401/);
    await expect(TestSocket.open(server.url, { query: `?apiKey=${userA.token}` })).rejects.toThrow(/401/);
    await expect(TestSocket.open(server.url, { headers: { 'x-api-key': userA.token } })).rejects.toThrow(/401/);
  });
});
