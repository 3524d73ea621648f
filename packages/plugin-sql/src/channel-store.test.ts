import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  type ChannelAuthorKind,
  type ChannelStore,
  DEFAULT_MAX_AGENT_TURNS,
  type NewChannelMessage,
  randomUuid,
  type UUID,
} from '@kith/core';
import { createDatabaseAdapter } from './create-database-adapter';
import { PgDatabaseAdapter } from './pg/pg-database-adapter';
import type { SqliteDatabaseAdapter } from './sqlite/sqlite-database-adapter';
import { silentLogger } from './testing/silent-logger';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

type Adapter = SqliteDatabaseAdapter | PgDatabaseAdapter;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-channels-'));
let database: TestDatabase;
let pglite: PGlite;
beforeAll(async () => {
  database = await createTestDatabase('channels');
  pglite = await PGlite.create();
});
afterAll(async () => {
  await database.drop();
  await pglite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Two agents' adapters on one database of the dialect. */
const DIALECTS: [name: string, open: () => [Adapter, Adapter]][] = [
  [
    'SQLite',
    () => {
      const filename = `${randomUuid()}.db`;
      return [
        createDatabaseAdapter({ dataDir: dir, filename, logger: silentLogger() }, randomUuid()),
        createDatabaseAdapter({ dataDir: dir, filename, logger: silentLogger() }, randomUuid()),
      ];
    },
  ],
  [
    'PostgreSQL',
    () => [
      createDatabaseAdapter({ url: database.url, logger: silentLogger() }, randomUuid()),
      createDatabaseAdapter({ url: database.url, logger: silentLogger() }, randomUuid()),
    ],
  ],
  [
    'PGlite',
    () => [
      createDatabaseAdapter({ pglite, logger: silentLogger() }, randomUuid()),
      createDatabaseAdapter({ pglite, logger: silentLogger() }, randomUuid()),
    ],
  ],
];

function message(
  channelId: UUID,
  text: string,
  createdAt: number,
  authorKind: ChannelAuthorKind = 'person',
  id: UUID = randomUuid(),
): NewChannelMessage {
  return {
    id,
    channelId,
    authorId: randomUuid(),
    authorName: authorKind === 'person' ? 'Ada' : 'Eliza',
    authorKind,
    text,
    inReplyTo: null,
    createdAt,
  };
}

/** A turn answering a person's message (turns answering agents also keep turns free for the agents yet to answer). */
const PERSON = { answersPerson: true };

/** Claims until refused (at most `limit` tries): how many turns were left. */
async function turnsLeft(
  channels: ChannelStore,
  channelId: UUID,
  limit = 50,
  params: { answersPerson?: boolean } = PERSON,
): Promise<number> {
  let taken = 0;
  while (taken < limit && (await channels.claimAgentTurn(channelId, params))) taken += 1;
  return taken;
}

describe.each(DIALECTS)('channels on %s', (_dialect, open) => {
  let alice: Adapter;
  let bob: Adapter;
  let channels: ChannelStore;

  beforeEach(async () => {
    [alice, bob] = open();
    await alice.init();
    await bob.init();
    channels = alice.channels;
  });

  afterEach(async () => {
    await alice.close();
    await bob.close();
  });

  async function newChannel(maxAgentTurns = 3, agentIds: UUID[] = [alice.agentId, bob.agentId]): Promise<UUID> {
    const id = randomUuid();
    await channels.createChannel({ id, name: 'panel', agentIds, maxAgentTurns });
    return id;
  }

  it('creates a channel once: a second create leaves it as it is and returns it; every agent sees it', async () => {
    const id = randomUuid();
    const before = Date.now();
    const created = await channels.createChannel({
      id,
      name: 'panel',
      agentIds: [alice.agentId, bob.agentId],
      maxAgentTurns: DEFAULT_MAX_AGENT_TURNS,
    });
    expect(created).toEqual({
      id,
      name: 'panel',
      agentIds: [alice.agentId, bob.agentId],
      maxAgentTurns: 6,
      createdAt: expect.any(Number),
    });
    expect(created.createdAt).toBeGreaterThanOrEqual(before);
    const again = await bob.channels.createChannel({ id, name: 'other', agentIds: [], maxAgentTurns: 1, createdAt: 5 });
    expect(again).toEqual(created);
    expect(await bob.channels.getChannel(id)).toEqual(created);
    expect(await channels.getChannel(randomUuid())).toBeNull();

    const dated = randomUuid();
    expect(
      await channels.createChannel({ id: dated, name: '', agentIds: [], maxAgentTurns: 0, createdAt: 42 }),
    ).toEqual({ id: dated, name: '', agentIds: [], maxAgentTurns: 0, createdAt: 42 });
    await expect(
      channels.createChannel({ id: randomUuid(), name: 'bad', agentIds: [], maxAgentTurns: -1 }),
    ).rejects.toMatchObject({ code: 'KITH_SQL_INVALID_ARGUMENT' });
  });

  it('replaces the agents of a channel, or answers null for no such channel', async () => {
    const id = await newChannel();
    const carol = randomUuid();
    const updated = await channels.setChannelAgents(id, [bob.agentId, carol]);
    expect(updated).toMatchObject({ id, name: 'panel', agentIds: [bob.agentId, carol], maxAgentTurns: 3 });
    expect(await bob.channels.getChannel(id)).toEqual(updated);
    expect((await channels.setChannelAgents(id, []))?.agentIds).toEqual([]);
    expect(await channels.setChannelAgents(randomUuid(), [carol])).toBeNull();
  });

  it('appends messages once each, numbered in order, and pages through them oldest first', async () => {
    const id = await newChannel();
    const other = await newChannel();
    const sent = [];
    for (let i = 0; i < 5; i++) {
      const appended = await channels.appendChannelMessage(message(id, `m${i}`, 1_000 + i, i % 2 ? 'agent' : 'person'));
      expect(appended.created).toBe(true);
      sent.push(appended.message);
    }
    const seqs = sent.map((m) => m.seq);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBeGreaterThan(seqs[i - 1]);
    expect(sent[1]).toMatchObject({ channelId: id, authorKind: 'agent', authorName: 'Eliza', text: 'm1' });

    // The same id again: nothing written, the first answered.
    const repeat = await bob.channels.appendChannelMessage({ ...message(id, 'changed', 9_999), id: sent[2].id });
    expect(repeat).toEqual({ message: sent[2], created: false });

    // A reply keeps what it answers; another channel has its own order.
    const reply = await channels.appendChannelMessage({
      ...message(id, 'reply', 2_000, 'agent'),
      inReplyTo: sent[0].id,
    });
    expect(reply.message.inReplyTo).toBe(sent[0].id);
    expect(reply.message.seq).toBeGreaterThan(seqs[4]);
    await channels.appendChannelMessage(message(other, 'elsewhere', 1_500));

    const all = await bob.channels.listChannelMessages(id, { limit: 100 });
    expect(all).toEqual([...sent, reply.message]);
    expect(await channels.listChannelMessages(id, { afterSeq: seqs[1], limit: 2 })).toEqual([sent[2], sent[3]]);
    expect(await channels.listChannelMessages(id, { afterSeq: reply.message.seq, limit: 10 })).toEqual([]);
    expect(await channels.listChannelMessages(id, { limit: 0 })).toEqual([]);
    expect((await channels.listChannelMessages(other, { limit: 10 })).map((m) => m.text)).toEqual(['elsewhere']);
    expect(await channels.listChannelMessages(randomUuid(), { limit: 10 })).toEqual([]);

    expect(await bob.channels.getChannelMessage(id, sent[3].id)).toEqual(sent[3]);
    expect(await channels.getChannelMessage(other, sent[3].id)).toBeNull();
    expect(await channels.getChannelMessage(id, randomUuid())).toBeNull();
  });

  it('numbers concurrent appends without gaps or repeats', async () => {
    const id = await newChannel();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? bob : alice).channels.appendChannelMessage(message(id, `c${i}`, 1_000 + i, 'agent')),
      ),
    );
    expect(results.every((r) => r.created)).toBe(true);
    const listed = await channels.listChannelMessages(id, { limit: 100 });
    expect(listed.map((m) => m.seq)).toEqual(results.map((r) => r.message.seq).sort((a, b) => a - b));
    expect(new Set(listed.map((m) => m.seq)).size).toBe(20);
  });

  it('refuses a message to a channel that does not exist, storing nothing', async () => {
    const missing = randomUuid();
    await expect(channels.appendChannelMessage(message(missing, 'lost', 1_000))).rejects.toMatchObject({
      code: 'KITH_SQL_INVALID_ARGUMENT',
    });
    expect(await channels.listChannelMessages(missing, { limit: 10 })).toEqual([]);
  });

  it('gives out at most maxAgentTurns turns, takes back released ones, and never counts below zero', async () => {
    const id = await newChannel(3);
    expect(await channels.claimAgentTurn(id, PERSON)).toBe(true);
    expect(await bob.channels.claimAgentTurn(id, PERSON)).toBe(true);
    expect(await channels.claimAgentTurn(id, PERSON)).toBe(true);
    expect(await bob.channels.claimAgentTurn(id, PERSON)).toBe(false);
    expect(await channels.claimAgentTurn(id, PERSON)).toBe(false);

    await bob.channels.releaseAgentTurn(id);
    expect(await channels.claimAgentTurn(id, PERSON)).toBe(true);
    expect(await channels.claimAgentTurn(id, PERSON)).toBe(false);

    for (let i = 0; i < 5; i++) await channels.releaseAgentTurn(id);
    expect(await turnsLeft(channels, id)).toBe(3);

    const silent = await newChannel(0);
    expect(await channels.claimAgentTurn(silent, PERSON)).toBe(false);
    expect(await channels.claimAgentTurn(randomUuid())).toBe(false);
    await channels.releaseAgentTurn(randomUuid());
    await channels.resetAgentTurns(randomUuid(), 1);
  });

  it("keeps a turn free for each agent that has not yet answered the person's message", async () => {
    // Two agents, four turns: while neither has answered the person, agents' messages may take two.
    const id = await newChannel(4);
    expect(await channels.claimAgentTurn(id)).toBe(true);
    expect(await channels.claimAgentTurn(id)).toBe(true);
    expect(await channels.claimAgentTurn(id)).toBe(false);
    // Each agent still gets its turn on the person's message.
    expect(await channels.claimAgentTurn(id, PERSON)).toBe(true);
    expect(await bob.channels.claimAgentTurn(id, PERSON)).toBe(true);
    expect(await channels.claimAgentTurn(id)).toBe(false);
    // A turn given back after answering the person frees a turn for the agents' talk.
    await bob.channels.releaseAgentTurn(id);
    expect(await channels.claimAgentTurn(id)).toBe(true);
    expect(await channels.claimAgentTurn(id)).toBe(false);
    // A person's message opens a new budget, with the turns kept free again.
    await channels.appendChannelMessage({ ...message(id, 'again', 9_000), authorKind: 'person' });
    expect(await turnsLeft(channels, id, 10, {})).toBe(2);
  });

  it("opens a new budget with a person's message, not with an agent's or a repeated one", async () => {
    const id = await newChannel(2);
    const first = await channels.appendChannelMessage(message(id, 'hello all', 1_000));
    expect(await turnsLeft(channels, id)).toBe(2);
    await channels.appendChannelMessage(message(id, 'an agent speaks', 1_100, 'agent'));
    expect(await channels.claimAgentTurn(id, PERSON)).toBe(false);

    // The same person's message again writes nothing, so it resets nothing.
    await channels.appendChannelMessage({ ...message(id, 'hello all', 2_000), id: first.message.id });
    expect(await channels.claimAgentTurn(id, PERSON)).toBe(false);

    await bob.channels.appendChannelMessage(message(id, 'and again', 1_200));
    expect(await turnsLeft(bob.channels, id)).toBe(2);
  });

  it('resets the turns for a person at `at` only if no person at `at` or later reset them', async () => {
    const id = await newChannel(2);
    await channels.appendChannelMessage(message(id, 'at 1000', 1_000));
    expect(await turnsLeft(channels, id)).toBe(2);

    await channels.resetAgentTurns(id, 900); // older than the message: already counted
    expect(await channels.claimAgentTurn(id, PERSON)).toBe(false);
    await channels.resetAgentTurns(id, 1_000); // the same moment: the message reset them
    expect(await channels.claimAgentTurn(id, PERSON)).toBe(false);

    await bob.channels.resetAgentTurns(id, 1_100);
    expect(await turnsLeft(channels, id)).toBe(2);

    // A person's message older than the last reset is logged but opens no new budget.
    expect((await channels.appendChannelMessage(message(id, 'late', 1_050))).created).toBe(true);
    expect(await channels.claimAgentTurn(id, PERSON)).toBe(false);
    await channels.resetAgentTurns(id, 1_100);
    expect(await channels.claimAgentTurn(id, PERSON)).toBe(false);

    // A reset on a channel no message has touched yet.
    const fresh = await newChannel(1);
    expect(await turnsLeft(channels, fresh)).toBe(1);
    await channels.resetAgentTurns(fresh, 5);
    expect(await turnsLeft(channels, fresh)).toBe(1);
  });
});

/** A URL of its own makes a pool of its own: another server of the fleet, as far as the adapter can tell. */
const serverUrl = (name: string): string => `${database.url}?application_name=${name}`;

describe('channels on two PostgreSQL servers at once', () => {
  let one: PgDatabaseAdapter;
  let two: PgDatabaseAdapter;

  beforeAll(async () => {
    one = new PgDatabaseAdapter(randomUuid(), { url: serverUrl('channels_one'), logger: silentLogger() });
    two = new PgDatabaseAdapter(randomUuid(), { url: serverUrl('channels_two'), logger: silentLogger() });
    await Promise.all([one.init(), two.init()]);
  });

  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
  });

  it('hand out exactly maxAgentTurns turns between them', async () => {
    const id = randomUuid();
    await one.channels.createChannel({ id, name: 'busy', agentIds: [one.agentId, two.agentId], maxAgentTurns: 6 });
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => [
        one.channels.claimAgentTurn(id, PERSON),
        two.channels.claimAgentTurn(id, PERSON),
      ]).flat(),
    );
    expect(claims.filter(Boolean)).toHaveLength(6);
    expect(await one.channels.claimAgentTurn(id, PERSON)).toBe(false);

    // A person's message on one server opens a new budget for both.
    await two.channels.appendChannelMessage(message(id, 'go on', Date.now()));
    const again = await Promise.all(
      Array.from({ length: 10 }, () => [
        one.channels.claimAgentTurn(id, PERSON),
        two.channels.claimAgentTurn(id, PERSON),
      ]).flat(),
    );
    expect(again.filter(Boolean)).toHaveLength(6);
  });

  it('create the same channel at once: both get the one stored', async () => {
    const id = randomUuid();
    const [a, b] = await Promise.all([
      one.channels.createChannel({ id, name: 'from one', agentIds: [one.agentId], maxAgentTurns: 2 }),
      two.channels.createChannel({ id, name: 'from two', agentIds: [two.agentId], maxAgentTurns: 4 }),
    ]);
    expect(a).toEqual(b);
    expect(await one.channels.getChannel(id)).toEqual(a);
  });

  it('append to one channel at once: seqs 1..n in commit order, a repeated id stored once', async () => {
    const id = randomUuid();
    await one.channels.createChannel({ id, name: 'log', agentIds: [], maxAgentTurns: 6 });
    const shared = randomUuid();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => [
        one.channels.appendChannelMessage(message(id, `one ${i}`, 1_000 + i, 'agent')),
        two.channels.appendChannelMessage(message(id, `two ${i}`, 1_000 + i, 'agent')),
      ])
        .flat()
        .concat([
          one.channels.appendChannelMessage(message(id, 'same', 5_000, 'person', shared)),
          two.channels.appendChannelMessage(message(id, 'same', 5_000, 'person', shared)),
        ]),
    );
    expect(results.filter((r) => r.created)).toHaveLength(41);
    const [first, second] = results.slice(40);
    expect(first.message).toEqual(second.message);
    const listed = await two.channels.listChannelMessages(id, { limit: 100 });
    expect(listed.map((m) => m.seq)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
  });
});
