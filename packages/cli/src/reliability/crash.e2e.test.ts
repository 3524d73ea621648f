import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  type PostgresCluster,
  startPostgresCluster,
  type TestDatabase,
} from '@kith/plugin-sql/testing';
import { inReplyToOf, memoryIdOf } from '../testing/database-view';
import { killIfRunning, startKith, type KithProcess } from '../testing/kith-server-process';
import { writeLoadCharacter } from '../testing/load-character';
import { figuresOf, runLoadClient } from '../testing/run-load-client';
import { pgStoreView, sqliteStoreView, type StoreView } from '../testing/store-view';

/** Early in the run: the WebSocket rooms have sent everything, most messages still wait for their turn. */
const KILL_AFTER_ACKS = 600;

interface PostResult {
  mode: string;
  duplicate: boolean;
  replies: { id: string; content: { text?: string; actions?: string[] } }[];
}

async function post(url: string, agentId: string, body: Record<string, unknown>): Promise<PostResult> {
  const response = await fetch(`${url}/api/agents/${agentId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as PostResult;
}

describe.each(['sqlite', 'postgres'] as const)(
  'crash on %s: kill -9 in the middle of the load, then restart on the same database',
  (dialect) => {
    let dir: string;
    let cluster: PostgresCluster | undefined;
    let database: TestDatabase | undefined;
    const servers: KithProcess[] = [];
    beforeAll(async () => {
      if (dialect === 'postgres') cluster = await startPostgresCluster({ maxConnections: 60 });
    }, 60_000);
    afterAll(async () => {
      await cluster?.destroy();
    });
    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), 'kith-crash-'));
      if (cluster) database = await createTestDatabase('crash', cluster.url);
    });
    afterEach(async () => {
      for (const server of servers.splice(0)) await killIfRunning(server);
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });
    /** The database as it is now: the SQLite file (writable only when no server has it open), or PostgreSQL. */
    const view = (writable = false): Promise<StoreView> =>
      database ? pgStoreView(database.url) : Promise.resolve(sqliteStoreView(join(dir, 'data'), writable));

    it('keeps every acknowledged message, passes integrity_check, never answers a stored message twice, and answers again', async () => {
      const dataDir = join(dir, 'data');
      const character = writeLoadCharacter(dir);
      const first = await startKith(dataDir, character, { databaseUrl: database?.url });
      servers.push(first);

      // The load client itself sends SIGKILL to the server process the moment the 600th acknowledgement arrives.
      const report = await runLoadClient([
        '--url',
        first.url,
        '--agent',
        first.agentId,
        '--kill-pid',
        String(first.pid),
        '--kill-after-acks',
        String(KILL_AFTER_ACKS),
        '--timeout-ms',
        '30000',
        '--details',
      ]);
      expect(await first.exit).toEqual({ code: null, signal: 'SIGKILL' });
      expect(report.killed).toMatchObject({ pid: first.pid, afterAcks: KILL_AFTER_ACKS });
      const messages = report.messages ?? [];
      const acknowledged = messages.filter((m) => m.ackedAt !== undefined);
      const answered = messages.filter((m) => m.doneAt !== undefined && m.error === undefined);
      // Some messages must have been cut off, or the kill tested nothing.
      expect(report.failed).toBeGreaterThan(0);

      // Right after the crash, before any server opens the file: every acknowledged message is stored or pending in the inbox.
      const crashed = await view(true);
      let pending: Set<string>;
      let storedAtCrash: Set<string>;
      try {
        expect(await crashed.integrityCheck()).toBe(dialect === 'sqlite' ? 'ok' : null);
        pending = await crashed.pendingIds();
        storedAtCrash = await crashed.storedIds(acknowledged.map((m) => memoryIdOf(first.agentId, m.id)));
        expect(
          acknowledged
            .filter((m) => !storedAtCrash.has(memoryIdOf(first.agentId, m.id)) && !pending.has(m.id))
            .map((m) => m.id),
        ).toEqual([]);
      } finally {
        await crashed.close();
      }

      const second = await startKith(dataDir, character, { databaseUrl: database?.url });
      servers.push(second);
      expect(second.agentId).toBe(first.agentId);
      const agentId = second.agentId;
      const db = await view();
      try {
        // The restarted server answers the pending messages in the background.
        const wanted = acknowledged.map((m) => memoryIdOf(agentId, m.id));
        let stored = await db.storedIds(wanted);
        for (
          let waited = 0;
          waited < 20_000 && (stored.size < wanted.length || (await db.pendingIds()).size > 0);
          waited += 100
        ) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          stored = await db.storedIds(wanted);
        }
        expect(await db.integrityCheck()).toBe(dialect === 'sqlite' ? 'ok' : null);
        const replies = await db.repliesByMessage(agentId);
        process.stdout.write(
          `[reliability] crash figures (${dialect}): ${JSON.stringify({
            killedAfterAcks: report.killed?.afterAcks,
            killedAtMs: report.killed?.atMs,
            sent: report.sent,
            acknowledged: acknowledged.length,
            acknowledgedStoredAtCrash: storedAtCrash.size,
            acknowledgedPendingAtCrash: pending.size,
            acknowledgedStoredAfterRestart: stored.size,
            answeredBeforeKill: answered.length,
            integrityCheck: dialect === 'sqlite' ? 'ok' : 'n/a',
            load: figuresOf(report),
          })}\n`,
        );
        // Nothing acknowledged is lost.
        expect(
          acknowledged.filter((m) => !stored.has(memoryIdOf(agentId, m.id))).map((m) => `${m.transport} ${m.id}`),
        ).toEqual([]);
        // The pending ones were answered after the restart.
        for (const id of pending) expect(replies.get(inReplyToOf(agentId, id))).toHaveLength(1);
        // Every answer the client got is stored, and no message has two answers.
        for (const m of answered) expect(replies.get(inReplyToOf(agentId, m.id))?.map((r) => r.id)).toEqual(m.replyIds);
        expect([...replies.values()].filter((list) => list.length > 1)).toEqual([]);
      } finally {
        await db.close();
      }

      // A stored message sent again is not answered again, not even by the new process.
      const again = answered[0] ?? acknowledged[0];
      const repeat = await post(second.url, agentId, {
        id: again.id,
        roomId: again.roomId,
        text: 'once more',
        userName: 'load-user-again',
      });
      // Answered before the kill: 'duplicate'. Answered by this process's recovery: its result again, flagged.
      expect(repeat).toMatchObject({ duplicate: true });
      const after = await view();
      try {
        expect((await after.repliesByMessage(agentId)).get(inReplyToOf(agentId, again.id))?.length ?? 0).toBe(1);
      } finally {
        await after.close();
      }

      // And the agent answers a new message.
      const fresh = await post(second.url, agentId, {
        text: 'I feel better after the restart',
        userName: 'after-crash',
      });
      expect(fresh.mode).toBe('simple');
      expect(fresh.replies).toHaveLength(1);
      expect(fresh.replies[0]?.content.text?.length).toBeGreaterThan(0);

      second.child.kill('SIGTERM');
      expect(await second.exit).toEqual({ code: 0, signal: null });
    }, 120_000);
  },
);
