import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseView, inReplyToOf, memoryIdOf } from '../testing/database-view';
import { killIfRunning, startKith, type KithProcess } from '../testing/kith-server-process';
import { writeLoadCharacter } from '../testing/load-character';
import { figuresOf, runLoadClient } from '../testing/run-load-client';
import type { MessageRecord } from './load-report';

const ROOMS = 100;
const PER_ROOM = 20;

describe('load: 100 rooms x 20 messages from a separate process against kith start', () => {
  let dir: string;
  let server: KithProcess | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-load-'));
  });
  afterEach(async () => {
    await killIfRunning(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives every message exactly one reply decision, in order per room, over WebSocket and HTTP, and the database agrees', async () => {
    const dataDir = join(dir, 'data');
    server = await startKith(dataDir, writeLoadCharacter(dir));
    const report = await runLoadClient([
      '--url',
      server.url,
      '--agent',
      server.agentId,
      '--rooms',
      String(ROOMS),
      '--messages',
      String(PER_ROOM),
      '--details',
    ]);
    process.stdout.write(`[reliability] load figures: ${JSON.stringify(figuresOf(report))}\n`);

    // What the client saw: everything sent, acknowledged and answered once, nothing superseded, in send order.
    expect(report.transports).toEqual({ ws: 1000, 'http-sync': 500, 'http-async': 500 });
    expect(report.messages?.filter((m) => m.error)).toEqual([]);
    expect([report.sent, report.acknowledged, report.answered]).toEqual([2000, 2000, 2000]);
    expect(
      Object.keys(report.modes).filter((mode) => mode !== 'simple' && mode !== 'actions' && mode !== 'ignored'),
    ).toEqual([]);
    expect(report.replyDecisions).toEqual({ exactlyOne: 2000, none: 0, several: 0 });
    expect(report.outOfOrderRooms).toEqual([]);

    // What the server stored, read from its SQLite file while it runs.
    const db = new DatabaseView(dataDir);
    try {
      const byRoom = new Map<string, MessageRecord[]>();
      for (const m of report.messages ?? []) byRoom.set(m.roomId, [...(byRoom.get(m.roomId) ?? []), m]);
      expect(byRoom.size).toBe(ROOMS);
      const replyIdsSeen = new Set((report.messages ?? []).flatMap((m) => m.replyIds));
      for (const [roomId, sent] of byRoom) {
        const inOrder = [...sent].sort((a, b) => a.index - b.index);
        const expected = inOrder.map((m) => memoryIdOf(server!.agentId, m.id));
        const stored = db.roomMessages(roomId);
        const inbound = stored.filter((m) => m.entityId !== server!.agentId);
        const replies = stored.filter((m) => m.entityId === server!.agentId);
        // Stored in send order, each answered once, the answers in the same order.
        expect(inbound.map((m) => m.id)).toEqual(expected);
        expect(replies.map((m) => m.inReplyTo)).toEqual(inOrder.map((m) => inReplyToOf(server!.agentId, m.id)));
        expect(replies.every((m) => m.actions.includes('REPLY') || m.actions.includes('IGNORE'))).toBe(true);
        // The replies the server reported are the ones it stored.
        expect(replies.every((m) => replyIdsSeen.has(m.id))).toBe(true);
      }
      expect(db.integrityCheck()).toBe('ok');
    } finally {
      db.close();
    }

    server.child.kill('SIGTERM');
    expect(await server.exit).toEqual({ code: 0, signal: null });
  }, 150_000);
});
