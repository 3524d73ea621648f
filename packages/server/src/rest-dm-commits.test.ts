import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUuid } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import { http } from './testing/http-client';
import { sqliteAgent } from './testing/sqlite-agent';
import { startTestServer } from './testing/test-server';

/** What these tests use of a better-sqlite3 statement (plugin-sql runs every write, BEGIN and COMMIT with run()). */
interface Statement {
  readonly source: string;
  run(...params: unknown[]): unknown;
}

/** One transaction on the file: the start of each write statement run between its BEGIN and its COMMIT. */
type Transaction = string[];

/** Records the transactions run through any better-sqlite3 statement until stop(). */
function recordTransactions(database: { prepare(sql: string): unknown }) {
  const prototype = Object.getPrototypeOf(database.prepare('SELECT 1')) as Statement;
  const original = prototype.run;
  const transactions: Transaction[] = [];
  let open: Transaction | undefined;
  const spy = jest.spyOn(prototype, 'run').mockImplementation(function (this: Statement, ...params: unknown[]) {
    const sql = this.source.replace(/\s+/g, ' ').trim();
    if (sql === 'BEGIN IMMEDIATE') transactions.push((open = []));
    else if (sql === 'COMMIT') open = undefined;
    else if (open && !/^(SAVEPOINT|RELEASE)/.test(sql)) open.push(sql.slice(0, 48));
    return original.apply(this, params);
  });
  return { transactions, stop: () => spy.mockRestore() };
}

describe('a REST DM turn on SQLite', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kith-commits-'));
  });

  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('commits twice: the inbox entry with the message before the answer, the reply with the answered state', async () => {
    const { runtime } = await sqliteAgent(
      dataDir,
      Array.from({ length: 2 }, () => scriptedReply('Noted.')),
    );
    const agentId = runtime.agentId;
    const { server, url } = await startTestServer({ agents: [runtime] });
    const roomId = randomUuid();
    const send = (text: string) =>
      http(url, `/api/agents/${agentId}/messages`, { body: { text, roomId, userName: 'ada' } });
    try {
      // The first message of a conversation also creates its entity, room and participants.
      expect((await send('hello')).status).toBe(200);
      await runtime.messageService?.whenIdle?.();
      await runtime.getLogs({ count: 1 }); // commits the background upkeep still waiting (vectors, run logs)

      const recorder = recordTransactions((await runtime.adapter.getConnection()) as { prepare(sql: string): unknown });
      let reply;
      try {
        reply = await send('how are you?');
      } finally {
        recorder.stop();
      }
      expect(reply.status).toBe(200);
      expect(reply.body.replies.map((r: { content: { text: string } }) => r.content.text)).toEqual(['Noted.']);
      const isTurnWrite = (sql: string) => /^(INSERT INTO inbox|UPDATE inbox|INSERT INTO memories )/.test(sql);
      const turn = recorder.transactions.filter((writes) => writes.some(isTurnWrite));
      // Two commits per turn: the message with its inbox entry, then the reply with the entry marked answered.
      // Upkeep that rode along with a commit is left out of the comparison.
      expect(turn.map((writes) => writes.filter(isTurnWrite))).toEqual([
        ['INSERT INTO inbox (agent_id, message_id, room_id', 'INSERT INTO memories (id, agent_id, type, entity'],
        ['INSERT INTO memories (id, agent_id, type, entity', "UPDATE inbox SET state = 'answered', answered_at"],
      ]);
      // Anything else committed meanwhile is background upkeep (vectors, run logs, the full-text index) that
      // found no commit to ride along with within 25 ms: possible on a loaded machine, never a turn's write.
      for (const writes of recorder.transactions.filter((w) => !turn.includes(w))) {
        for (const sql of writes) expect(sql).toMatch(/^INSERT INTO (embeddings|logs|memories_fts|kith_meta) /);
      }
    } finally {
      await server.close();
    }
  });
});
