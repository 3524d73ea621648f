import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AgentRuntime, ChannelType, createLogger, randomUuid, stringToUuid, type Content, type UUID } from '@kith/core';
import {
  createScriptedModel,
  createScriptedModelPlugin,
  deterministicEmbedding,
  scriptedReply,
  testCharacter,
} from '@kith/core/test';
import { createDatabaseAdapter } from '@kith/plugin-sql';
import { ADA, BOB, createHarness } from '../testing/bootstrap-harness';
import { bootstrapPlugin } from '../plugin';
import { parseFacts, parseRelationships, reflectionEvaluator } from './reflection';

const DIMS = 384;

function reflectionXml(facts: string[], relationships: [string, string, string][]): string {
  const factXml = facts
    .map(
      (claim) =>
        `<fact><claim>${claim}</claim><type>fact</type><in_bio>false</in_bio><already_known>false</already_known></fact>`,
    )
    .join('');
  const relXml = relationships
    .map(
      ([s, t, tags]) =>
        `<relationship><sourceEntityId>${s}</sourceEntityId><targetEntityId>${t}</targetEntityId><tags>${tags}</tags></relationship>`,
    )
    .join('');
  return `<response><thought>noted</thought><facts>${factXml}</facts><relationships>${relXml}</relationships></response>`;
}

/** An agent on a real SQLite file; TEXT_LARGE answers every turn, TEXT_SMALL is the reflection. */
async function sqliteAgent(dir: string, reflections: string[]) {
  const agentId = stringToUuid(testCharacter.name);
  const reflectionOutputs = [...reflections];
  const model = createScriptedModel((_prompt, type) =>
    type === 'TEXT_SMALL' ? (reflectionOutputs.shift() ?? reflectionXml([], [])) : scriptedReply('I see.'),
  );
  const runtime = new AgentRuntime({
    character: structuredClone(testCharacter),
    agentId,
    plugins: [bootstrapPlugin, createScriptedModelPlugin(model, { embeddingDims: DIMS })],
    adapter: createDatabaseAdapter({ dataDir: dir, filename: 'agent.db' }, agentId),
    logger: createLogger({ level: 'silent' }),
  });
  await runtime.initialize();
  const roomId = stringToUuid('reflection-dm');
  await runtime.ensureConnection({
    entityId: ADA,
    roomId,
    name: 'Ada',
    userName: 'ada',
    source: 'test',
    type: ChannelType.DM,
    serverId: 'srv',
  });
  const replies: Content[] = [];
  const send = async (text: string) => {
    const result = await runtime.messageService!.handleMessage(
      runtime,
      { id: randomUuid(), entityId: ADA, roomId, content: { text, source: 'test' } },
      async (c) => {
        replies.push(c);
        return [];
      },
    );
    // Reflection runs after delivery, off the reply path: wait for it.
    await runtime.messageService!.whenIdle!();
    return result;
  };
  return { runtime, model, roomId, send, agentId };
}

describe('REFLECTION', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kith-reflection-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('stores facts with embeddings and relationships in SQLite, once per 8 inbound messages', async () => {
    const first = reflectionXml(
      ['Ada lives in Lisbon', 'Ada works at a bakery'],
      [['Ada', 'Testy', 'dm_interaction, Friendly']],
    );
    // The second pass repeats a fact (exact and reworded only in case) and adds one.
    const second = reflectionXml(
      ['ada lives in lisbon.', 'Ada has a dog named Rex'],
      [['ada', testCharacter.name, 'dm_interaction,helped']],
    );
    const { runtime, model, roomId, send, agentId } = await sqliteAgent(dir, [first, second]);

    for (let i = 1; i <= 8; i++) await send(`message ${i}`);
    expect(model.callsOf('TEXT_LARGE')).toHaveLength(8);
    expect(model.callsOf('TEXT_SMALL')).toHaveLength(1);
    expect(model.callsOf('TEXT_SMALL')[0].prompt).toContain('Ada: message 8');

    const facts = await runtime.getMemories({ tableName: 'facts', roomId });
    expect(facts.map((f) => f.content.text).sort()).toEqual(['Ada lives in Lisbon', 'Ada works at a bakery']);
    const [hit] = await runtime.searchMemories({
      tableName: 'facts',
      embedding: deterministicEmbedding('Ada lives in Lisbon', DIMS),
      roomId,
      count: 1,
    });
    expect(hit.content.text).toBe('Ada lives in Lisbon');
    expect(hit.similarity).toBeGreaterThan(0.99);
    const relationship = await runtime.getRelationship({ sourceEntityId: ADA, targetEntityId: agentId });
    expect(relationship).toMatchObject({ tags: ['dm_interaction', 'friendly'], metadata: { interactions: 1 } });

    for (let i = 9; i <= 15; i++) await send(`message ${i}`);
    expect(model.callsOf('TEXT_SMALL')).toHaveLength(1);
    await send('message 16');
    expect(model.callsOf('TEXT_SMALL')).toHaveLength(2);
    // 16 plain DM turns, 18 text-model calls: reflection amortised stays within 1.15 per message.
    expect(model.calls.length / 16).toBeLessThanOrEqual(1.15);

    const after = await runtime.getMemories({ tableName: 'facts', roomId });
    expect(after.map((f) => f.content.text).sort()).toEqual([
      'Ada has a dog named Rex',
      'Ada lives in Lisbon',
      'Ada works at a bakery',
    ]);
    expect(await runtime.getRelationship({ sourceEntityId: ADA, targetEntityId: agentId })).toMatchObject({
      tags: ['dm_interaction', 'friendly', 'helped'],
      metadata: { interactions: 2 },
    });
    await runtime.stop();

    // The same file, opened again: it was all written to disk.
    const reopened = createDatabaseAdapter({ dataDir: dir, filename: 'agent.db' }, agentId);
    await reopened.init();
    expect(await reopened.countMemories(roomId, false, 'facts')).toBe(3);
    expect((await reopened.getRelationships({ entityId: ADA })).length).toBe(1);
    await reopened.close();
  });

  it('skips facts that are near-duplicates of stored ones by embedding', async () => {
    const { runtime, roomId } = await createHarness({
      embeddingDims: 64,
      script: [reflectionXml(['Ada lives in Lisbon!', 'Bob plays chess'], [])],
      settings: { REFLECTION_INTERVAL: '1' },
    });
    // Same words, other order: a different text, the same bag-of-words vector.
    const stored = {
      entityId: runtime.agentId,
      roomId,
      content: { text: 'Lisbon: Ada lives in' },
      embedding: deterministicEmbedding('Lisbon Ada lives in', 64),
    };
    await runtime.createMemory(stored, 'facts');
    const message = { id: randomUuid(), entityId: ADA, roomId, content: { text: 'hi' } };
    expect(await reflectionEvaluator.validate(runtime, message)).toBe(true);
    const result = await reflectionEvaluator.handler(runtime, message, { values: {}, data: {}, text: '' });
    expect(result).toMatchObject({ success: true, data: { facts: ['Bob plays chess'] } });
  });

  it('resolves names to entity ids and skips names it does not know', async () => {
    const xml = reflectionXml(
      [],
      [
        ['Ada', 'Bob', 'colleague'],
        ['Zed', 'Ada', 'x'],
        [BOB, 'bob', 'self'],
      ],
    );
    const { runtime, roomId } = await createHarness({ script: [xml], settings: { REFLECTION_INTERVAL: '1' } });
    const message = { id: randomUuid(), entityId: ADA, roomId, content: { text: 'Bob and I work together' } };
    const result = await reflectionEvaluator.handler(runtime, message, { values: {}, data: {}, text: '' });
    expect(result).toMatchObject({ data: { relationships: 1 } });
    expect(await runtime.getRelationships({ entityId: ADA })).toEqual([
      expect.objectContaining({ sourceEntityId: ADA, targetEntityId: BOB, tags: ['colleague'] }),
    ]);
  });

  it('counts inbound messages per room, ignores the agent’s own, and REFLECTION_INTERVAL=0 turns it off', async () => {
    const { runtime, roomId } = await createHarness({ settings: { REFLECTION_INTERVAL: '3' } });
    const other = randomUuid();
    const msg = (room: UUID, entityId: UUID = ADA) => ({ entityId, roomId: room, content: { text: 'x' } });
    const checks: boolean[] = [];
    for (let i = 0; i < 3; i++) checks.push(await reflectionEvaluator.validate(runtime, msg(roomId)));
    checks.push(await reflectionEvaluator.validate(runtime, msg(other)));
    checks.push(await reflectionEvaluator.validate(runtime, msg(roomId, runtime.agentId)));
    expect(checks).toEqual([false, false, true, false, false]);

    const off = await createHarness({ settings: { REFLECTION_INTERVAL: '0' } });
    for (let i = 0; i < 5; i++) expect(await reflectionEvaluator.validate(off.runtime, msg(off.roomId))).toBe(false);
  });

  it('parses nested facts and relationships and drops known or bio facts', () => {
    const facts = parseFacts([
      { claim: 'new one', type: 'Status' },
      { claim: 'known', already_known: 'true' },
      { claim: 'from bio', in_bio: true },
      { claim: '  ' },
    ]);
    expect(facts).toEqual([{ claim: 'new one', type: 'status' }]);
    expect(parseRelationships({ sourceEntityId: 'A', targetEntityId: 'B', tags: 'x, Y ,x' })).toEqual([
      { source: 'A', target: 'B', tags: ['x', 'y'] },
    ]);
    expect(parseRelationships('')).toEqual([]);
  });
});
