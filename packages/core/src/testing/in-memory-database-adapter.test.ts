import { EmbeddingDimensionMismatchError } from '../errors';
import type { Memory } from '../types/memory';
import { ChannelType, type UUID } from '../types/primitives';
import { randomUuid } from '../uuid/uuid';
import { InMemoryDatabaseAdapter } from './in-memory-database-adapter';

const AGENT = '00000000-0000-0000-0000-00000000000a' as UUID;
const USER = '11111111-1111-1111-1111-111111111111' as UUID;
const OTHER = '11111111-1111-1111-1111-111111111112' as UUID;
const ROOM = '22222222-2222-2222-2222-222222222222' as UUID;
const ROOM_2 = '22222222-2222-2222-2222-222222222223' as UUID;
const WORLD = '44444444-4444-4444-4444-444444444444' as UUID;

const memory = (text: string, extra: Partial<Memory> = {}): Memory => ({
  entityId: USER,
  roomId: ROOM,
  content: { text },
  ...extra,
});
const unit = (...values: number[]): number[] => values;

describe('InMemoryDatabaseAdapter', () => {
  let db: InMemoryDatabaseAdapter;
  beforeEach(async () => {
    db = new InMemoryDatabaseAdapter(AGENT);
    await db.init();
  });

  describe('lifecycle', () => {
    it('is ready after init and not after close', async () => {
      expect(await db.isReady()).toBe(true);
      expect(await db.getConnection()).toBe(db);
      await db.close();
      expect(await db.isReady()).toBe(false);
      await db.initialize();
      expect(await db.isReady()).toBe(true);
    });

    it('records migrated plugin schemas', async () => {
      await db.runMigrations({}, 'plugin-a');
      expect(db.migratedPlugins).toEqual(['plugin-a']);
    });
  });

  describe('agents', () => {
    it('creates once, reads, updates with merged settings and deletes', async () => {
      expect(
        await db.createAgent({ id: AGENT, name: 'Testy', bio: 'b', settings: { A: 1, secrets: { K: 'v' } } }),
      ).toBe(true);
      expect(await db.createAgent({ id: AGENT, name: 'Again', bio: '' })).toBe(false);
      expect(await db.getAgent(AGENT)).toMatchObject({ id: AGENT, name: 'Testy', createdAt: expect.any(Number) });
      expect(await db.updateAgent(AGENT, { name: 'Renamed', settings: { B: 2, secrets: { L: 'w' } } })).toBe(true);
      expect(await db.getAgent(AGENT)).toMatchObject({
        name: 'Renamed',
        settings: { A: 1, B: 2, secrets: { K: 'v', L: 'w' } },
      });
      expect(await db.updateAgent(USER, { name: 'nobody' })).toBe(false);
      expect(await db.getAgents()).toHaveLength(1);
      expect(await db.deleteAgent(AGENT)).toBe(true);
      expect(await db.getAgent(AGENT)).toBeNull();
    });

    it('returns copies that cannot change the stored row', async () => {
      await db.createAgent({ id: AGENT, name: 'Testy', bio: 'b' });
      const agent = await db.getAgent(AGENT);
      if (agent) agent.name = 'mutated';
      expect((await db.getAgent(AGENT))?.name).toBe('Testy');
    });
  });

  describe('entities and components', () => {
    const component = (type: string, extra: Record<string, unknown> = {}) => ({
      id: randomUuid(),
      entityId: USER,
      agentId: AGENT,
      roomId: ROOM,
      worldId: WORLD,
      sourceEntityId: OTHER,
      type,
      createdAt: 0,
      data: { score: 1 },
      ...extra,
    });

    it('creates entities once, updates them and returns them with components', async () => {
      expect(await db.createEntities([{ id: USER, names: ['Ada'], agentId: AGENT }])).toBe(true);
      await db.createEntities([{ id: USER, names: ['Ignored'], agentId: AGENT }]);
      await db.updateEntity({ id: USER, names: ['Ada', 'ada'], agentId: AGENT, metadata: { discord: { id: '1' } } });
      const profile = component('profile');
      await db.createComponent(profile);
      const [entity] = (await db.getEntitiesByIds([USER, OTHER])) ?? [];
      expect(entity).toMatchObject({ id: USER, names: ['Ada', 'ada'], metadata: { discord: { id: '1' } } });
      expect(entity.components?.map((c) => c.id)).toEqual([profile.id]);
      await expect(db.updateEntity({ names: [], agentId: AGENT })).rejects.toThrow('id');
    });

    it('lists the entities of a room, with components only when asked', async () => {
      await db.createEntities([
        { id: USER, names: ['Ada'], agentId: AGENT },
        { id: OTHER, names: ['Bob'], agentId: AGENT },
      ]);
      await db.createComponent(component('profile'));
      await db.addParticipantsRoom([USER], ROOM);
      expect((await db.getEntitiesForRoom(ROOM)).map((e) => [e.id, e.components])).toEqual([[USER, undefined]]);
      expect((await db.getEntitiesForRoom(ROOM, true))[0].components).toHaveLength(1);
    });

    it('finds components by type, world and source; updates and deletes them', async () => {
      const a = component('profile');
      const b = component('settings', { worldId: randomUuid() });
      expect(await db.createComponent(a)).toBe(true);
      expect(await db.createComponent(a)).toBe(false);
      await db.createComponent(b);
      expect((await db.getComponent(USER, 'profile'))?.id).toBe(a.id);
      expect(await db.getComponent(USER, 'profile', randomUuid())).toBeNull();
      expect(await db.getComponent(USER, 'profile', WORLD, USER)).toBeNull();
      expect(await db.getComponents(USER)).toHaveLength(2);
      expect(await db.getComponents(USER, WORLD)).toHaveLength(1);
      await db.updateComponent({ ...a, data: { score: 2 } });
      expect((await db.getComponent(USER, 'profile'))?.data).toEqual({ score: 2 });
      await db.deleteComponent(a.id);
      expect(await db.getComponent(USER, 'profile')).toBeNull();
    });
  });

  describe('memories', () => {
    it('creates idempotently on id and keeps metadata as given', async () => {
      const id = randomUuid();
      expect(await db.createMemory(memory('one', { id, metadata: { source: 'x' } }), 'messages')).toBe(id);
      expect(await db.createMemory(memory('changed', { id }), 'messages')).toBe(id);
      const stored = await db.getMemoryById(id);
      expect(stored).toMatchObject({
        id,
        agentId: AGENT,
        content: { text: 'one' },
        unique: true,
        metadata: { source: 'x' },
      });
      expect(typeof stored?.createdAt).toBe('number');
      expect(await db.countMemories(ROOM, false, 'messages')).toBe(1);
    });

    it('marks a near-duplicate (cosine ≥ 0.95) as not unique when unique is not given', async () => {
      await db.ensureEmbeddingDimension(3);
      const first = await db.createMemory(memory('a', { embedding: unit(1, 0, 0) }), 'facts');
      const near = await db.createMemory(memory('b', { embedding: unit(1, 0.1, 0) }), 'facts');
      const far = await db.createMemory(memory('c', { embedding: unit(0, 1, 0) }), 'facts');
      const forced = await db.createMemory(memory('d', { embedding: unit(1, 0, 0) }), 'facts', true);
      const otherRoom = await db.createMemory(memory('e', { roomId: ROOM_2, embedding: unit(1, 0, 0) }), 'facts');
      const unique = async (id: UUID) => (await db.getMemoryById(id))?.unique;
      expect(await unique(first)).toBe(true);
      expect(await unique(near)).toBe(false);
      expect(await unique(far)).toBe(true);
      expect(await unique(forced)).toBe(true);
      expect(await unique(otherRoom)).toBe(true);
      expect(await db.countMemories(ROOM, true, 'facts')).toBe(3);
      expect(await db.countMemories(ROOM, false, 'facts')).toBe(4);
      expect(await db.countMemories(ROOM)).toBe(4);
    });

    it('lists memories newest first with filters, count, offset, start and end', async () => {
      const ids: UUID[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(
          await db.createMemory(memory(`m${i}`, { createdAt: 1_000 + i, entityId: i % 2 ? OTHER : USER }), 'messages'),
        );
      await db.createMemory(memory('other table', { createdAt: 2_000 }), 'facts');
      await db.createMemory(memory('other room', { createdAt: 2_000, roomId: ROOM_2, worldId: WORLD }), 'messages');
      const texts = (list: Memory[]) => list.map((m) => m.content.text);
      expect(texts(await db.getMemories({ tableName: 'messages', roomId: ROOM }))).toEqual([
        'm4',
        'm3',
        'm2',
        'm1',
        'm0',
      ]);
      expect(texts(await db.getMemories({ tableName: 'messages', roomId: ROOM, count: 2, offset: 1 }))).toEqual([
        'm3',
        'm2',
      ]);
      expect(texts(await db.getMemories({ tableName: 'messages', roomId: ROOM, start: 1_001, end: 1_003 }))).toEqual([
        'm3',
        'm2',
        'm1',
      ]);
      expect(texts(await db.getMemories({ tableName: 'messages', entityId: OTHER }))).toEqual(['m3', 'm1']);
      expect(texts(await db.getMemories({ tableName: 'messages', worldId: WORLD }))).toEqual(['other room']);
      expect(texts(await db.getMemories({ tableName: 'messages', agentId: USER }))).toEqual([]);
      expect(await db.getMemories({ tableName: 'messages' })).toHaveLength(6);
    });

    it('orders memories with the same createdAt by insertion, newest first', async () => {
      await db.createMemory(memory('first', { createdAt: 5 }), 'messages');
      await db.createMemory(memory('second', { createdAt: 5 }), 'messages');
      expect((await db.getMemories({ tableName: 'messages' })).map((m) => m.content.text)).toEqual(['second', 'first']);
    });

    it('filters unique memories when asked', async () => {
      await db.createMemory(memory('dup', { unique: false }), 'messages');
      await db.createMemory(memory('ok'), 'messages');
      expect((await db.getMemories({ tableName: 'messages', unique: true })).map((m) => m.content.text)).toEqual([
        'ok',
      ]);
    });

    it('searches by cosine similarity with threshold, count and scope; results carry similarity', async () => {
      await db.ensureEmbeddingDimension(2);
      await db.createMemory(memory('east', { embedding: unit(1, 0), createdAt: 1 }), 'facts', true);
      await db.createMemory(memory('north-east', { embedding: unit(1, 1), createdAt: 2 }), 'facts', true);
      await db.createMemory(memory('north', { embedding: unit(0, 1), createdAt: 3 }), 'facts', true);
      await db.createMemory(memory('west', { embedding: unit(-1, 0), createdAt: 4, entityId: OTHER }), 'facts', true);
      await db.createMemory(
        memory('elsewhere', { embedding: unit(1, 0), roomId: ROOM_2, worldId: WORLD }),
        'facts',
        true,
      );
      await db.createMemory(memory('no vector'), 'facts');
      await db.createMemory(memory('dup', { embedding: unit(1, 0), unique: false }), 'facts');

      const hits = await db.searchMemories({
        tableName: 'facts',
        embedding: unit(1, 0),
        roomId: ROOM,
        match_threshold: 0.5,
      });
      expect(hits.map((m) => m.content.text)).toEqual(['dup', 'east', 'north-east']);
      expect(hits[1].similarity).toBeCloseTo(1);
      expect(hits[2].similarity).toBeCloseTo(Math.SQRT1_2);
      expect(
        (
          await db.searchMemories({ tableName: 'facts', embedding: unit(1, 0), roomId: ROOM, unique: true, count: 2 })
        ).map((m) => m.content.text),
      ).toEqual(['east', 'north-east']);
      expect(
        (await db.searchMemories({ tableName: 'facts', embedding: unit(1, 0), worldId: WORLD })).map(
          (m) => m.content.text,
        ),
      ).toEqual(['elsewhere']);
      expect(
        (await db.searchMemories({ tableName: 'facts', embedding: unit(1, 0), entityId: OTHER })).map(
          (m) => m.content.text,
        ),
      ).toEqual(['west']);
      expect(await db.searchMemories({ tableName: 'messages', embedding: unit(1, 0) })).toEqual([]);
      const all = await db.searchMemories({ tableName: 'facts', embedding: unit(1, 0) });
      expect(all).toHaveLength(6);
      expect(all.at(-1)?.content.text).toBe('west');
    });

    it('raises EmbeddingDimensionMismatchError for a vector of another dimension', async () => {
      await db.ensureEmbeddingDimension(384);
      expect(db.embeddingDimension).toBe(384);
      await expect(db.createMemory(memory('x', { embedding: [1, 2, 3] }), 'facts')).rejects.toBeInstanceOf(
        EmbeddingDimensionMismatchError,
      );
      await expect(db.searchMemories({ tableName: 'facts', embedding: [1, 2, 3] })).rejects.toMatchObject({
        expected: 384,
        actual: 3,
      });
      const id = await db.createMemory(memory('ok'), 'facts');
      await expect(db.updateMemory({ id, embedding: [1] })).rejects.toBeInstanceOf(EmbeddingDimensionMismatchError);
    });

    it('allows changing the dimension only while no vectors are stored', async () => {
      await db.ensureEmbeddingDimension(384);
      await db.ensureEmbeddingDimension(768);
      await db.createMemory(memory('v', { embedding: new Array<number>(768).fill(0.1) }), 'facts');
      await db.ensureEmbeddingDimension(768);
      await expect(db.ensureEmbeddingDimension(1536)).rejects.toMatchObject({ expected: 768, actual: 1536 });
    });

    it('takes the dimension from the first stored vector when none was set', async () => {
      await db.createMemory(memory('v', { embedding: [1, 0, 0, 0] }), 'facts');
      expect(db.embeddingDimension).toBe(4);
      await expect(db.createMemory(memory('w', { embedding: [1, 0] }), 'facts')).rejects.toBeInstanceOf(
        EmbeddingDimensionMismatchError,
      );
    });

    it('updates content, metadata and embedding; false for an unknown id', async () => {
      const id = await db.createMemory(memory('before', { embedding: [1, 0] }), 'documents');
      expect(
        await db.updateMemory({ id, content: { text: 'after' }, metadata: { source: 'edit' }, embedding: [0, 1] }),
      ).toBe(true);
      expect(await db.getMemoryById(id)).toMatchObject({
        content: { text: 'after' },
        metadata: { source: 'edit' },
        embedding: [0, 1],
      });
      expect(await db.updateMemory({ id: randomUuid(), content: { text: 'x' } })).toBe(false);
    });

    it('reads by ids, room ids and world, and deletes one, many or a room’s table', async () => {
      await db.createRooms([{ id: ROOM, source: 's', type: ChannelType.DM, worldId: WORLD }]);
      const a = await db.createMemory(memory('a', { createdAt: 1 }), 'messages');
      const b = await db.createMemory(memory('b', { createdAt: 2 }), 'messages');
      const c = await db.createMemory(memory('c', { createdAt: 3, roomId: ROOM_2 }), 'messages');
      const f = await db.createMemory(memory('f', { createdAt: 4 }), 'facts');
      expect((await db.getMemoriesByIds([a, c, f], 'messages')).map((m) => m.id)).toEqual([c, a]);
      expect(
        (await db.getMemoriesByRoomIds({ tableName: 'messages', roomIds: [ROOM, ROOM_2], limit: 2 })).map((m) => m.id),
      ).toEqual([c, b]);
      expect((await db.getMemoriesByWorldId({ worldId: WORLD })).map((m) => m.id)).toEqual([f, b, a]);
      expect((await db.getMemoriesByWorldId({ worldId: WORLD, tableName: 'messages' })).map((m) => m.id)).toEqual([
        b,
        a,
      ]);
      await db.deleteMemory(a);
      await db.deleteManyMemories([c]);
      expect(await db.getMemoryById(a)).toBeNull();
      await db.deleteAllMemories(ROOM, 'messages');
      expect(await db.getMemoryById(b)).toBeNull();
      expect(await db.getMemoryById(f)).not.toBeNull();
    });

    it('finds cached embeddings by edit distance', async () => {
      await db.createMemory(memory('hello world', { embedding: [1, 0] }), 'messages');
      await db.createMemory(memory('goodbye', { embedding: [0, 1] }), 'messages');
      const results = await db.getCachedEmbeddings({
        query_table_name: 'messages',
        query_threshold: 2,
        query_input: 'hello wrld',
        query_field_name: 'content',
        query_field_sub_name: 'text',
        query_match_count: 5,
      });
      expect(results).toEqual([{ embedding: [1, 0], levenshtein_score: 1 }]);
    });
  });

  describe('logs', () => {
    it('stores logs and lists them newest first with filters', async () => {
      await db.log({ body: { n: 1 }, entityId: USER, roomId: ROOM, type: 'action' });
      await db.log({ body: { n: 2 }, entityId: USER, roomId: ROOM, type: 'model' });
      await db.log({ body: { n: 3 }, entityId: OTHER, roomId: ROOM_2, type: 'action' });
      expect((await db.getLogs({})).map((l) => l.body.n)).toEqual([3, 2, 1]);
      expect((await db.getLogs({ type: 'action' })).map((l) => l.body.n)).toEqual([3, 1]);
      expect((await db.getLogs({ roomId: ROOM, count: 1 })).map((l) => l.body.n)).toEqual([2]);
      expect((await db.getLogs({ entityId: USER, offset: 1 })).map((l) => l.body.n)).toEqual([1]);
      const [latest] = await db.getLogs({});
      expect(latest.createdAt).toBeInstanceOf(Date);
      await db.deleteLog(latest.id as UUID);
      expect(await db.getLogs({})).toHaveLength(2);
    });
  });

  describe('worlds and rooms', () => {
    it('creates worlds once, updates and removes them', async () => {
      expect(await db.createWorld({ id: WORLD, agentId: AGENT, name: 'Guild' })).toBe(WORLD);
      await db.createWorld({ id: WORLD, agentId: AGENT, name: 'Ignored' });
      await db.updateWorld({ id: WORLD, agentId: AGENT, name: 'Renamed', metadata: { ownership: { ownerId: USER } } });
      expect(await db.getWorld(WORLD)).toMatchObject({ name: 'Renamed', metadata: { ownership: { ownerId: USER } } });
      expect(await db.getAllWorlds()).toHaveLength(1);
      await db.removeWorld(WORLD);
      expect(await db.getWorld(WORLD)).toBeNull();
    });

    it('creates rooms for this agent, updates them and lists them by world', async () => {
      const ids = await db.createRooms([
        { id: ROOM, source: 'discord', type: ChannelType.GROUP, worldId: WORLD, agentId: USER },
        { id: ROOM_2, source: 'discord', type: ChannelType.DM },
      ]);
      expect(ids).toEqual([ROOM, ROOM_2]);
      expect((await db.getRoomsByIds([ROOM, randomUuid()]))?.map((r) => [r.id, r.agentId])).toEqual([[ROOM, AGENT]]);
      await db.updateRoom({ id: ROOM_2, source: 'discord', type: ChannelType.DM, worldId: WORLD, name: 'dm' });
      expect((await db.getRoomsByWorld(WORLD)).map((r) => r.id)).toEqual([ROOM, ROOM_2]);
    });

    it('deleteRoom removes the room, its memories and its participants', async () => {
      await db.createRooms([
        { id: ROOM, source: 's', type: ChannelType.DM },
        { id: ROOM_2, source: 's', type: ChannelType.DM },
      ]);
      await db.addParticipantsRoom([USER, OTHER], ROOM);
      await db.addParticipantsRoom([USER], ROOM_2);
      const gone = await db.createMemory(memory('gone'), 'messages');
      const kept = await db.createMemory(memory('kept', { roomId: ROOM_2 }), 'messages');
      await db.deleteRoom(ROOM);
      expect(await db.getRoomsByIds([ROOM])).toEqual([]);
      expect(await db.getMemoryById(gone)).toBeNull();
      expect(await db.getMemoryById(kept)).not.toBeNull();
      expect(await db.getParticipantsForRoom(ROOM)).toEqual([]);
      expect(await db.getRoomsForParticipant(USER)).toEqual([ROOM_2]);
    });

    it('deleteRoomsByWorldId deletes every room of the world', async () => {
      await db.createRooms([
        { id: ROOM, source: 's', type: ChannelType.GROUP, worldId: WORLD },
        { id: ROOM_2, source: 's', type: ChannelType.GROUP },
      ]);
      await db.createMemory(memory('in world'), 'messages');
      await db.deleteRoomsByWorldId(WORLD);
      expect((await db.getRoomsByIds([ROOM, ROOM_2]))?.map((r) => r.id)).toEqual([ROOM_2]);
      expect(await db.countMemories(ROOM, false)).toBe(0);
    });
  });

  describe('participants', () => {
    it('adds once, lists both ways, tracks FOLLOWED/MUTED state and removes', async () => {
      await db.addParticipantsRoom([USER, OTHER], ROOM);
      await db.addParticipantsRoom([USER], ROOM);
      await db.addParticipantsRoom([USER], ROOM_2);
      expect(await db.getParticipantsForRoom(ROOM)).toEqual([USER, OTHER]);
      expect((await db.getParticipantsForEntity(USER)).map((p) => p.roomId)).toEqual([ROOM, ROOM_2]);
      expect((await db.getRoomsForParticipants([USER, OTHER])).sort()).toEqual([ROOM, ROOM_2].sort());
      expect(await db.isRoomParticipant(ROOM, OTHER)).toBe(true);

      expect(await db.getParticipantUserState(ROOM, USER)).toBeNull();
      await db.setParticipantUserState(ROOM, USER, 'FOLLOWED');
      await db.setParticipantUserState(ROOM_2, USER, 'MUTED');
      expect(await db.getParticipantUserState(ROOM, USER)).toBe('FOLLOWED');
      expect(await db.getParticipantUserState(ROOM_2, USER)).toBe('MUTED');
      await db.setParticipantUserState(ROOM, USER, null);
      expect(await db.getParticipantUserState(ROOM, USER)).toBeNull();
      await db.setParticipantUserState(ROOM_2, OTHER, 'MUTED');
      expect(await db.getParticipantUserState(ROOM_2, OTHER)).toBeNull();

      expect(await db.removeParticipant(OTHER, ROOM)).toBe(true);
      expect(await db.removeParticipant(OTHER, ROOM)).toBe(false);
      expect(await db.isRoomParticipant(ROOM, OTHER)).toBe(false);
    });
  });

  describe('relationships', () => {
    it('creates one per direction, matches either side and requires every tag', async () => {
      expect(
        await db.createRelationship({
          sourceEntityId: USER,
          targetEntityId: OTHER,
          tags: ['friend', 'colleague'],
          metadata: { since: 2020 },
        }),
      ).toBe(true);
      expect(await db.createRelationship({ sourceEntityId: USER, targetEntityId: OTHER })).toBe(false);
      expect(await db.createRelationship({ sourceEntityId: OTHER, targetEntityId: AGENT, tags: ['friend'] })).toBe(
        true,
      );

      const forward = await db.getRelationship({ sourceEntityId: USER, targetEntityId: OTHER });
      expect(forward).toMatchObject({
        agentId: AGENT,
        tags: ['friend', 'colleague'],
        metadata: { since: 2020 },
        createdAt: expect.any(String),
      });
      expect(await db.getRelationship({ sourceEntityId: OTHER, targetEntityId: USER })).toBeNull();

      expect(await db.getRelationships({ entityId: OTHER })).toHaveLength(2);
      expect(await db.getRelationships({ entityId: OTHER, tags: ['friend'] })).toHaveLength(2);
      expect(await db.getRelationships({ entityId: OTHER, tags: ['friend', 'colleague'] })).toHaveLength(1);
      expect(await db.getRelationships({ entityId: AGENT, tags: ['colleague'] })).toHaveLength(0);

      await db.updateRelationship({ ...(forward ?? (null as never)), tags: ['rival'], metadata: {} });
      expect((await db.getRelationship({ sourceEntityId: USER, targetEntityId: OTHER }))?.tags).toEqual(['rival']);
    });
  });

  describe('cache', () => {
    afterEach(() => jest.restoreAllMocks());

    it('stores copies, expires entries after their TTL and deletes', async () => {
      let now = 1_000;
      jest.spyOn(Date, 'now').mockImplementation(() => now);
      const value = { list: [1, 2] };
      expect(await db.setCache('k', value)).toBe(true);
      value.list.push(3);
      expect(await db.getCache('k')).toEqual({ list: [1, 2] });
      await db.setCache('short', 'v', 100);
      now += 99;
      expect(await db.getCache('short')).toBe('v');
      now += 1;
      expect(await db.getCache('short')).toBeUndefined();
      expect(await db.getCache('k')).toEqual({ list: [1, 2] });
      expect(await db.deleteCache('k')).toBe(true);
      expect(await db.getCache('k')).toBeUndefined();
    });
  });

  describe('tasks', () => {
    it('creates, filters by room, entity and all tags, updates and deletes', async () => {
      const id = await db.createTask({
        name: 'A',
        description: 'a',
        roomId: ROOM,
        entityId: USER,
        tags: ['queue', 'repeat'],
        metadata: { updateInterval: 10 },
      });
      await db.createTask({ name: 'B', description: 'b', roomId: ROOM_2, tags: ['queue'] });
      const given = randomUuid();
      expect(await db.createTask({ id: given, name: 'C', description: 'c', tags: [] })).toBe(given);
      expect((await db.getTasks({ tags: ['queue'] })).map((t) => t.name)).toEqual(['A', 'B']);
      expect((await db.getTasks({ tags: ['queue', 'repeat'] })).map((t) => t.name)).toEqual(['A']);
      expect((await db.getTasks({ roomId: ROOM_2 })).map((t) => t.name)).toEqual(['B']);
      expect((await db.getTasks({ entityId: USER })).map((t) => t.name)).toEqual(['A']);
      expect(await db.getTasksByName('C')).toHaveLength(1);
      const before = (await db.getTask(id))?.updatedAt ?? 0;
      await db.updateTask(id, { description: 'changed', metadata: { options: [] }, tags: undefined });
      const updated = await db.getTask(id);
      expect(updated).toMatchObject({ description: 'changed', metadata: { options: [] }, tags: ['queue', 'repeat'] });
      expect(updated?.updatedAt).toBeGreaterThanOrEqual(before);
      await db.deleteTask(id);
      expect(await db.getTask(id)).toBeNull();
    });
  });
});
