import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseView, inReplyToOf, memoryIdOf } from '../testing/database-view';
import { FrameSocket } from '../testing/frame-socket';
import { killIfRunning, startKith, type KithProcess } from '../testing/kith-server-process';
import { writeLoadCharacter } from '../testing/load-character';

interface Answer {
  duplicate: boolean;
  replies: string[];
}

describe('duplicates over the wire: one message id, delivered twice, is answered once', () => {
  let dir: string;
  let server: KithProcess;
  let sockets: FrameSocket[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kith-dup-'));
    server = await startKith(join(dir, 'data'), writeLoadCharacter(dir));
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    const exit = await server.exit;
    await killIfRunning(server);
    rmSync(dir, { recursive: true, force: true });
    expect(exit).toEqual({ code: 0, signal: null });
  });
  beforeEach(() => {
    sockets = [];
  });
  afterEach(() => sockets.forEach((socket) => socket.close()));

  async function socket(): Promise<FrameSocket> {
    const opened = await FrameSocket.open(server.url);
    sockets.push(opened);
    return opened;
  }

  async function viaHttp(id: string, roomId: string): Promise<Answer> {
    const response = await fetch(`${server.url}/api/agents/${server.agentId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, roomId, text: 'I am worried about my exams', userName: 'twice' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { duplicate: boolean; replies: { id: string }[] };
    return { duplicate: body.duplicate, replies: body.replies.map((r) => r.id) };
  }

  /** Sends over the socket and resolves with its `done` frame for that id. */
  async function viaWs(ws: FrameSocket, id: string, roomId: string): Promise<Answer> {
    ws.send({
      type: 'send',
      channelId: roomId,
      agentId: server.agentId,
      id,
      text: 'I am worried about my exams',
      userName: 'twice',
    });
    const seen = ws.about('done', id).length;
    await ws.waitFor(() => ws.about('done', id).length > seen);
    const done = ws.about('done', id)[seen];
    return { duplicate: done?.duplicate ?? false, replies: (done?.replies ?? []).map((r) => r.id) };
  }

  /** Exactly one answer is the original, the others say duplicate with the same replies; the database holds one message and one reply. */
  function expectAnsweredOnce(id: string, roomId: string, answers: Answer[]): void {
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    const original = answers.find((a) => !a.duplicate) as Answer;
    expect(original.replies).toHaveLength(1);
    for (const answer of answers) expect(answer.replies).toEqual(original.replies);
    const db = new DatabaseView(join(dir, 'data'));
    try {
      const stored = db.roomMessages(roomId);
      expect(stored.filter((m) => m.id === memoryIdOf(server.agentId, id))).toHaveLength(1);
      expect(stored.filter((m) => m.inReplyTo === inReplyToOf(server.agentId, id)).map((m) => m.id)).toEqual(
        original.replies,
      );
    } finally {
      db.close();
    }
  }

  it('HTTP then HTTP, one after the other', async () => {
    const [id, roomId] = [randomUUID(), randomUUID()];
    const first = await viaHttp(id, roomId);
    const second = await viaHttp(id, roomId);
    expect(second.duplicate).toBe(true);
    expectAnsweredOnce(id, roomId, [first, second]);
  });

  it('HTTP and HTTP at the same time', async () => {
    const [id, roomId] = [randomUUID(), randomUUID()];
    expectAnsweredOnce(id, roomId, await Promise.all([viaHttp(id, roomId), viaHttp(id, roomId)]));
  });

  it('HTTP and WebSocket at the same time: one reply frame reaches the socket', async () => {
    const [id, roomId] = [randomUUID(), randomUUID()];
    const ws = await socket();
    const answers = await Promise.all([viaWs(ws, id, roomId), viaHttp(id, roomId)]);
    expectAnsweredOnce(id, roomId, answers);
    // The socket is subscribed to the room, so it sees the one reply whichever request produced it.
    await ws.waitFor(() => ws.about('done', id).length === 2);
    expect(ws.about('reply', id)).toHaveLength(1);
  });

  it('WebSocket twice on one connection, one after the other', async () => {
    const [id, roomId] = [randomUUID(), randomUUID()];
    const ws = await socket();
    const first = await viaWs(ws, id, roomId);
    const second = await viaWs(ws, id, roomId);
    expect(second.duplicate).toBe(true);
    expectAnsweredOnce(id, roomId, [first, second]);
    expect(ws.about('reply', id)).toHaveLength(1);
    expect(ws.about('accepted', id)).toHaveLength(2);
  });

  it('WebSocket and WebSocket on two connections at the same time', async () => {
    const [id, roomId] = [randomUUID(), randomUUID()];
    const [one, two] = [await socket(), await socket()];
    for (const ws of [one, two])
      ws.send({
        type: 'send',
        channelId: roomId,
        agentId: server.agentId,
        id,
        text: 'I am worried about my exams',
        userName: 'twice',
      });
    // Both joined the room, so each may also see the other's `done`: the original's outcome can reach
    // both. Wait until each has an outcome and the repeat's (duplicate: true) has arrived somewhere.
    const done = () => [...one.about('done', id), ...two.about('done', id)];
    while (
      one.about('done', id).length === 0 ||
      two.about('done', id).length === 0 ||
      !done().some((d) => d.duplicate === true)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const answers: Answer[] = done().map((d) => ({
      duplicate: d.duplicate ?? false,
      replies: (d.replies ?? []).map((r) => r.id),
    }));
    const originals = answers.filter((a) => !a.duplicate);
    expect(new Set(originals.map((a) => a.replies.join())).size).toBe(1);
    expectAnsweredOnce(id, roomId, [originals[0], ...answers.filter((a) => a.duplicate)]);
    // Each connection sees the one reply at most once (both are subscribed to the room).
    expect(Math.max(one.about('reply', id).length, two.about('reply', id).length)).toBe(1);
  });
});
