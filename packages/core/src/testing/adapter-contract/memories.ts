import { describe, expect, it } from '@jest/globals';
import type { Memory, UUID } from '../../index';
import { type FixtureAccessor, id, unitVector, vectorAtSimilarity } from './contract-fixture';

function message(roomId: UUID, text: string, extra: Partial<Memory> = {}): Memory {
  return { entityId: extra.entityId ?? id(), roomId, content: { text }, ...extra };
}

export function describeMemories(fixture: FixtureAccessor): void {
  describe('memories', () => {
    it('stores a memory and reads it back by id', async () => {
      const { adapter, agentId } = fixture();
      const [room, world, entity] = [id(), id(), id()];
      const embedding = unitVector(7);
      const memoryId = await adapter.createMemory(
        message(room, 'hello', {
          entityId: entity,
          worldId: world,
          createdAt: 1000,
          metadata: { type: 'message', source: 'test' },
          embedding,
        }),
        'messages',
      );
      const stored = await adapter.getMemoryById(memoryId);
      expect(stored).toMatchObject({
        id: memoryId,
        entityId: entity,
        roomId: room,
        worldId: world,
        agentId,
        createdAt: 1000,
        content: { text: 'hello' },
        metadata: { type: 'message', source: 'test' },
      });
      expect(stored?.embedding).toHaveLength(384);
      stored?.embedding?.forEach((x, i) => expect(x).toBeCloseTo(embedding[i], 5));
      expect(await adapter.getMemoryById(id())).toBeNull();
    });

    it('is idempotent on id', async () => {
      const { adapter } = fixture();
      const room = id();
      const memoryId = id();
      expect(
        await adapter.createMemory(message(room, 'once', { id: memoryId, embedding: unitVector(1) }), 'messages'),
      ).toBe(memoryId);
      expect(
        await adapter.createMemory(message(room, 'twice', { id: memoryId, embedding: unitVector(1) }), 'messages'),
      ).toBe(memoryId);
      expect(await adapter.countMemories(room)).toBe(1);
      expect((await adapter.getMemoryById(memoryId))?.content.text).toBe('once');
    });

    it('stores concurrent writes, each id once, and finds their vectors', async () => {
      const { adapter } = fixture();
      const room = id();
      const ids = Array.from({ length: 12 }, () => id());
      // Many rooms write at once; a message delivered twice arrives as the same id.
      const written = await Promise.all(
        [...ids, ids[0], ids[5]].map((memoryId, i) =>
          adapter.createMemory(
            message(room, `m${i}`, { id: memoryId, embedding: unitVector(100 + (i % 12)) }),
            'messages',
            true,
          ),
        ),
      );
      expect(written).toEqual([...ids, ids[0], ids[5]]);
      expect(await adapter.countMemories(room)).toBe(12);
      const [nearest] = await adapter.searchMemories({ tableName: 'messages', embedding: unitVector(107), count: 1 });
      expect(nearest.id).toBe(ids[7]);
    });

    it('keeps tables apart by the table name', async () => {
      const { adapter } = fixture();
      const room = id();
      const fact = await adapter.createMemory(message(room, 'a fact'), 'facts');
      const msg = await adapter.createMemory(message(room, 'a message'), 'messages');
      expect((await adapter.getMemories({ tableName: 'facts', roomId: room })).map((m) => m.id)).toEqual([fact]);
      expect((await adapter.getMemoriesByIds([fact, msg], 'messages')).map((m) => m.id)).toEqual([msg]);
      expect((await adapter.getMemoriesByIds([fact, msg])).map((m) => m.id).sort()).toEqual([fact, msg].sort());
    });

    it('lists newest first and honours every filter', async () => {
      const { adapter } = fixture();
      const [room, otherRoom, world, alice, bob] = [id(), id(), id(), id(), id()];
      const ids: UUID[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push(
          await adapter.createMemory(
            message(room, `m${i}`, {
              entityId: i % 2 ? bob : alice,
              worldId: i < 3 ? world : undefined,
              createdAt: 1000 + i * 10,
            }),
            'messages',
            i !== 4,
          ),
        );
      }
      await adapter.createMemory(message(otherRoom, 'elsewhere', { createdAt: 5000 }), 'messages');
      const texts = (ms: Memory[]) => ms.map((m) => m.content.text);

      expect(texts(await adapter.getMemories({ tableName: 'messages', roomId: room }))).toEqual([
        'm4',
        'm3',
        'm2',
        'm1',
        'm0',
      ]);
      expect(texts(await adapter.getMemories({ tableName: 'messages', roomId: room, count: 2 }))).toEqual(['m4', 'm3']);
      expect(texts(await adapter.getMemories({ tableName: 'messages', roomId: room, count: 2, offset: 2 }))).toEqual([
        'm2',
        'm1',
      ]);
      // Odd counts (a fraction, no bound, none) and an offset alone still page sensibly.
      expect(texts(await adapter.getMemories({ tableName: 'messages', roomId: room, count: 2.7 }))).toEqual([
        'm4',
        'm3',
      ]);
      expect(texts(await adapter.getMemories({ tableName: 'messages', roomId: room, count: Infinity }))).toHaveLength(
        5,
      );
      expect(texts(await adapter.getMemories({ tableName: 'messages', roomId: room, offset: 3 }))).toEqual([
        'm1',
        'm0',
      ]);
      expect(texts(await adapter.getMemories({ tableName: 'messages', roomId: room, entityId: bob }))).toEqual([
        'm3',
        'm1',
      ]);
      expect(texts(await adapter.getMemories({ tableName: 'messages', roomId: room, unique: true }))).toEqual([
        'm3',
        'm2',
        'm1',
        'm0',
      ]);
      expect(texts(await adapter.getMemories({ tableName: 'messages', roomId: room, start: 1010, end: 1030 }))).toEqual(
        ['m3', 'm2', 'm1'],
      );
      expect(texts(await adapter.getMemories({ tableName: 'messages', worldId: world }))).toEqual(['m2', 'm1', 'm0']);
      expect(texts(await adapter.getMemories({ tableName: 'messages' }))).toEqual([
        'elsewhere',
        'm4',
        'm3',
        'm2',
        'm1',
        'm0',
      ]);
      expect(await adapter.getMemories({ tableName: 'facts', roomId: room })).toEqual([]);
    });

    it('reads by several rooms and by world', async () => {
      const { adapter } = fixture();
      const [r1, r2, r3, world] = [id(), id(), id(), id()];
      await adapter.createMemory(message(r1, 'one', { createdAt: 1, worldId: world }), 'messages');
      await adapter.createMemory(message(r2, 'two', { createdAt: 2, worldId: world }), 'messages');
      await adapter.createMemory(message(r3, 'three', { createdAt: 3 }), 'messages');
      await adapter.createMemory(message(r1, 'fact', { createdAt: 4, worldId: world }), 'facts');
      const byRooms = await adapter.getMemoriesByRoomIds({ tableName: 'messages', roomIds: [r1, r2] });
      expect(byRooms.map((m) => m.content.text)).toEqual(['two', 'one']);
      expect(await adapter.getMemoriesByRoomIds({ tableName: 'messages', roomIds: [r1, r2], limit: 1 })).toHaveLength(
        1,
      );
      expect((await adapter.getMemoriesByWorldId({ worldId: world })).map((m) => m.content.text)).toEqual([
        'fact',
        'two',
        'one',
      ]);
      expect(
        (await adapter.getMemoriesByWorldId({ worldId: world, tableName: 'messages', count: 1 })).map(
          (m) => m.content.text,
        ),
      ).toEqual(['two']);
    });

    it('flags near-duplicates (cosine >= 0.95 in the same room and table) as not unique', async () => {
      const { adapter } = fixture();
      const [room, otherRoom] = [id(), id()];
      const base = unitVector(11);
      const first = await adapter.createMemory(message(room, 'original', { embedding: base }), 'facts');
      const near = await adapter.createMemory(
        message(room, 'near copy', { embedding: vectorAtSimilarity(base, 0.97, 12) }),
        'facts',
      );
      const far = await adapter.createMemory(
        message(room, 'different', { embedding: vectorAtSimilarity(base, 0.5, 13) }),
        'facts',
      );
      const elsewhere = await adapter.createMemory(message(otherRoom, 'other room', { embedding: base }), 'facts');
      const otherTable = await adapter.createMemory(message(room, 'other table', { embedding: base }), 'documents');
      const forced = await adapter.createMemory(message(room, 'forced', { embedding: base }), 'facts', true);
      const unique = async (memoryId: UUID) => (await adapter.getMemoryById(memoryId))?.unique;
      expect(await unique(first)).toBe(true);
      expect(await unique(near)).toBe(false);
      expect(await unique(far)).toBe(true);
      expect(await unique(elsewhere)).toBe(true);
      expect(await unique(otherTable)).toBe(true);
      expect(await unique(forced)).toBe(true);
      expect(await unique(await adapter.createMemory(message(room, 'no vector'), 'facts'))).toBe(true);
      expect(await unique(await adapter.createMemory(message(room, 'told so'), 'facts', false))).toBe(false);
    });

    it('updates content, metadata and the vector', async () => {
      const { adapter } = fixture();
      const room = id();
      const memoryId = await adapter.createMemory(message(room, 'before', { embedding: unitVector(3) }), 'facts');
      expect(await adapter.updateMemory({ id: memoryId, content: { text: 'after' }, metadata: { tags: ['x'] } })).toBe(
        true,
      );
      const updated = await adapter.getMemoryById(memoryId);
      expect(updated?.content.text).toBe('after');
      expect(updated?.metadata).toEqual({ tags: ['x'] });
      expect(await adapter.updateMemory({ id: memoryId, embedding: unitVector(4) })).toBe(true);
      const [hit] = await adapter.searchMemories({ tableName: 'facts', embedding: unitVector(4), count: 1 });
      expect(hit?.id).toBe(memoryId);
      expect(hit?.similarity).toBeCloseTo(1, 4);
      expect(await adapter.updateMemory({ id: id(), content: { text: 'nobody' } })).toBe(false);
    });

    it('deletes one, many, and all of a table in a room', async () => {
      const { adapter } = fixture();
      const [room, otherRoom] = [id(), id()];
      const a = await adapter.createMemory(message(room, 'a', { embedding: unitVector(1) }), 'messages');
      const b = await adapter.createMemory(message(room, 'b'), 'messages');
      const c = await adapter.createMemory(message(room, 'c'), 'messages');
      await adapter.createMemory(message(room, 'd'), 'messages');
      await adapter.createMemory(message(room, 'fact'), 'facts');
      await adapter.createMemory(message(otherRoom, 'kept'), 'messages');

      await adapter.deleteMemory(a);
      expect(await adapter.getMemoryById(a)).toBeNull();
      expect(await adapter.searchMemories({ tableName: 'messages', embedding: unitVector(1) })).toEqual([]);
      await adapter.deleteManyMemories([b, c]);
      expect(await adapter.countMemories(room)).toBe(2);
      await adapter.deleteAllMemories(room, 'messages');
      expect((await adapter.getMemories({ tableName: 'messages', roomId: room })).length).toBe(0);
      expect((await adapter.getMemories({ tableName: 'facts', roomId: room })).length).toBe(1);
      expect((await adapter.getMemories({ tableName: 'messages', roomId: otherRoom })).length).toBe(1);
    });

    it('counts memories in a room, optionally unique-only or by table', async () => {
      const { adapter } = fixture();
      const room = id();
      await adapter.createMemory(message(room, 'a'), 'messages');
      await adapter.createMemory(message(room, 'b'), 'messages', false);
      await adapter.createMemory(message(room, 'c'), 'facts');
      expect(await adapter.countMemories(room)).toBe(3);
      expect(await adapter.countMemories(room, true)).toBe(2);
      expect(await adapter.countMemories(room, false, 'messages')).toBe(2);
      expect(await adapter.countMemories(room, true, 'messages')).toBe(1);
      expect(await adapter.countMemories(id())).toBe(0);
    });

    it('finds cached embeddings of similar text by edit distance', async () => {
      const { adapter } = fixture();
      const embedding = unitVector(21);
      await adapter.createMemory(message(id(), 'hello world', { embedding }), 'documents');
      await adapter.createMemory(message(id(), 'something else entirely', { embedding: unitVector(22) }), 'documents');
      const found = await adapter.getCachedEmbeddings({
        query_table_name: 'documents',
        query_threshold: 2,
        query_input: 'hello worle',
        query_field_name: 'content',
        query_field_sub_name: 'text',
        query_match_count: 5,
      });
      expect(found).toHaveLength(1);
      expect(found[0].levenshtein_score).toBe(1);
      expect(found[0].embedding[0]).toBeCloseTo(embedding[0], 5);
    });
  });
}
