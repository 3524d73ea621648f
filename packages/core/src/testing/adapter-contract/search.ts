import { describe, expect, it } from '@jest/globals';
import { ErrorCode, type Memory, type UUID } from '../../index';
import { expectKithError, type FixtureAccessor, id, unitVector, vectorAtSimilarity } from './contract-fixture';

function memory(roomId: UUID, text: string, embedding: number[], extra: Partial<Memory> = {}): Memory {
  return { entityId: id(), roomId, content: { text }, embedding, ...extra };
}

export function describeSearch(fixture: FixtureAccessor): void {
  describe('searchMemories', () => {
    it('returns the nearest memories first, with their cosine similarity', async () => {
      const { adapter } = fixture();
      const room = id();
      const query = unitVector(100);
      for (const [text, similarity] of [
        ['close', 0.9],
        ['closer', 0.95],
        ['far', 0.2],
        ['middle', 0.6],
      ] as const) {
        await adapter.createMemory(
          memory(room, text, vectorAtSimilarity(query, similarity, text.length)),
          'facts',
          true,
        );
      }
      const hits = await adapter.searchMemories({ tableName: 'facts', embedding: query, count: 3 });
      expect(hits.map((m) => m.content.text)).toEqual(['closer', 'close', 'middle']);
      expect(hits[0].similarity).toBeCloseTo(0.95, 4);
      expect(hits[2].similarity).toBeCloseTo(0.6, 4);
      expect(hits[0].embedding).toHaveLength(384);
    });

    it('applies match_threshold, count and the table name', async () => {
      const { adapter } = fixture();
      const room = id();
      const query = unitVector(200);
      await adapter.createMemory(memory(room, 'a', vectorAtSimilarity(query, 0.9, 1)), 'facts', true);
      await adapter.createMemory(memory(room, 'b', vectorAtSimilarity(query, 0.8, 2)), 'facts', true);
      await adapter.createMemory(memory(room, 'c', vectorAtSimilarity(query, 0.3, 3)), 'facts', true);
      await adapter.createMemory(memory(room, 'doc', query), 'documents', true);
      const texts = async (params: { match_threshold?: number; count?: number; tableName?: string }) =>
        (await adapter.searchMemories({ tableName: 'facts', embedding: query, ...params })).map((m) => m.content.text);
      expect(await texts({ match_threshold: 0.5 })).toEqual(['a', 'b']);
      expect(await texts({ count: 1 })).toEqual(['a']);
      expect(await texts({ tableName: 'documents' })).toEqual(['doc']);
      expect(await texts({ tableName: 'nothing-here' })).toEqual([]);
    });

    it('filters by room, world, entity and uniqueness inside the search', async () => {
      const { adapter } = fixture();
      const [room, otherRoom, world, entity] = [id(), id(), id(), id()];
      const query = unitVector(300);
      // The best matches all sit outside the filter: a filtered search must still find the rest.
      for (let i = 0; i < 20; i++) {
        await adapter.createMemory(
          memory(otherRoom, `noise${i}`, vectorAtSimilarity(query, 0.99, 1000 + i)),
          'facts',
          true,
        );
      }
      await adapter.createMemory(
        memory(room, 'in room', vectorAtSimilarity(query, 0.5, 1), { worldId: world }),
        'facts',
        true,
      );
      await adapter.createMemory(
        memory(room, 'by entity', vectorAtSimilarity(query, 0.4, 2), { entityId: entity }),
        'facts',
        true,
      );
      await adapter.createMemory(memory(room, 'not unique', vectorAtSimilarity(query, 0.45, 3)), 'facts', false);
      const texts = async (params: { roomId?: UUID; worldId?: UUID; entityId?: UUID; unique?: boolean }) =>
        (await adapter.searchMemories({ tableName: 'facts', embedding: query, count: 2, ...params })).map(
          (m) => m.content.text,
        );
      expect(await texts({ roomId: room })).toEqual(['in room', 'not unique']);
      expect(await texts({ roomId: room, unique: true })).toEqual(['in room', 'by entity']);
      expect(await texts({ worldId: world })).toEqual(['in room']);
      expect(await texts({ entityId: entity })).toEqual(['by entity']);
    });

    it('re-ranks by keyword relevance when a query text is given', async () => {
      const { adapter } = fixture();
      const room = id();
      const query = unitVector(400);
      await adapter.createMemory(
        memory(room, 'the weather report for tuesday', vectorAtSimilarity(query, 0.92, 1)),
        'facts',
        true,
      );
      await adapter.createMemory(
        memory(room, 'grandma bakes banana bread on sundays', vectorAtSimilarity(query, 0.9, 2)),
        'facts',
        true,
      );
      await adapter.createMemory(
        memory(room, 'a list of car parts', vectorAtSimilarity(query, 0.85, 3)),
        'facts',
        true,
      );
      const plain = await adapter.searchMemories({ tableName: 'facts', embedding: query, count: 3 });
      expect(plain[0].content.text).toContain('weather');
      const hybrid = await adapter.searchMemories({
        tableName: 'facts',
        embedding: query,
        count: 3,
        query: 'banana bread',
      });
      expect(hybrid[0].content.text).toContain('banana');
      expect(hybrid[0].similarity).toBeCloseTo(0.9, 4);
      expect(hybrid).toHaveLength(3);
    });

    it('keeps the keyword index in step with updates and deletes', async () => {
      const { adapter } = fixture();
      const room = id();
      const query = unitVector(500);
      const a = await adapter.createMemory(memory(room, 'apples', vectorAtSimilarity(query, 0.9, 1)), 'facts', true);
      await adapter.createMemory(memory(room, 'pears', vectorAtSimilarity(query, 0.91, 2)), 'facts', true);
      const first = async (text: string) =>
        (await adapter.searchMemories({ tableName: 'facts', embedding: query, count: 2, query: text }))[0]?.content
          .text;
      expect(await first('apples')).toBe('apples');
      await adapter.updateMemory({ id: a, content: { text: 'plums' } });
      expect(await first('apples')).toBe('pears');
      expect(await first('plums')).toBe('plums');
      await adapter.deleteMemory(a);
      expect(await first('plums')).toBe('pears');
    });

    it('rejects vectors of another dimension instead of dropping them', async () => {
      const { adapter, agentId } = fixture();
      await adapter.createAgent({ id: agentId, name: 'Ada', bio: 'x' });
      await adapter.ensureEmbeddingDimension(384);
      const room = id();
      const stored = await adapter.createMemory(memory(room, 'ok', unitVector(1)), 'facts');
      const code = ErrorCode.EMBEDDING_DIMENSION_MISMATCH;
      await expectKithError(adapter.createMemory(memory(room, 'bad', unitVector(2, 768)), 'facts'), code);
      await expectKithError(adapter.updateMemory({ id: stored, embedding: unitVector(3, 1536) }), code);
      await expectKithError(adapter.searchMemories({ tableName: 'facts', embedding: unitVector(4, 512) }), code);
      expect(await adapter.countMemories(room)).toBe(1);
    });
  });
}
