import { describe, expect, it } from '@jest/globals';
import { ErrorCode } from '../../index';
import { expectKithError, type FixtureAccessor, id, unitVector } from './contract-fixture';

export function describeLifecycle(fixture: FixtureAccessor): void {
  describe('lifecycle', () => {
    it('is ready after init, and init is idempotent', async () => {
      const { adapter } = fixture();
      await adapter.init();
      await adapter.initialize();
      expect(await adapter.isReady()).toBe(true);
      expect(await adapter.getConnection()).toBeDefined();
      expect(adapter.db).toBeDefined();
    });

    it('runs its own migrations again without harm', async () => {
      const { adapter } = fixture();
      await adapter.runMigrations?.();
      expect(await adapter.isReady()).toBe(true);
    });
  });
}

export function describeAgents(fixture: FixtureAccessor): void {
  describe('agents', () => {
    it('creates, reads and lists an agent', async () => {
      const { adapter, agentId } = fixture();
      expect(await adapter.getAgent(agentId)).toBeNull();
      const created = await adapter.createAgent({
        id: agentId,
        name: 'Ada',
        bio: ['curious'],
        system: 'Be brief.',
        settings: { model: 'small', secrets: { KEY: 'x' } },
        plugins: ['@kith/plugin-sql'],
      });
      expect(created).toBe(true);
      const agent = await adapter.getAgent(agentId);
      expect(agent).toMatchObject({
        id: agentId,
        name: 'Ada',
        bio: ['curious'],
        system: 'Be brief.',
        plugins: ['@kith/plugin-sql'],
      });
      expect(agent?.settings).toEqual({ model: 'small', secrets: { KEY: 'x' } });
      expect(typeof agent?.createdAt).toBe('number');
      expect((await adapter.getAgents()).map((a) => a.id)).toContain(agentId);
    });

    it('does not overwrite an existing agent on create', async () => {
      const { adapter, agentId } = fixture();
      await adapter.createAgent({ id: agentId, name: 'Ada', bio: 'first' });
      expect(await adapter.createAgent({ id: agentId, name: 'Eve', bio: 'second' })).toBe(false);
      expect((await adapter.getAgent(agentId))?.name).toBe('Ada');
    });

    it('updates an agent, merging settings and dropping null keys', async () => {
      const { adapter, agentId } = fixture();
      await adapter.createAgent({ id: agentId, name: 'Ada', bio: 'x', settings: { a: 1, b: 2 } });
      expect(await adapter.updateAgent(agentId, { name: 'Ada II', settings: { b: null, c: 3 } })).toBe(true);
      const agent = await adapter.getAgent(agentId);
      expect(agent?.name).toBe('Ada II');
      expect(agent?.settings).toEqual({ a: 1, c: 3 });
      expect(await adapter.updateAgent(id(), { name: 'nobody' })).toBe(false);
    });

    it('deletes an agent', async () => {
      const { adapter, agentId } = fixture();
      await adapter.createAgent({ id: agentId, name: 'Ada', bio: 'x' });
      expect(await adapter.deleteAgent(agentId)).toBe(true);
      expect(await adapter.getAgent(agentId)).toBeNull();
    });

    it('accepts each supported embedding dimension while nothing is stored', async () => {
      const { adapter, agentId } = fixture();
      await adapter.createAgent({ id: agentId, name: 'Ada', bio: 'x' });
      for (const dimension of [384, 512, 768, 1024, 1536, 3072]) {
        await expect(adapter.ensureEmbeddingDimension(dimension)).resolves.toBeUndefined();
      }
    });

    it('refuses to switch dimension once vectors are stored', async () => {
      const { adapter, agentId } = fixture();
      await adapter.createAgent({ id: agentId, name: 'Ada', bio: 'x' });
      await adapter.ensureEmbeddingDimension(384);
      await adapter.createMemory(
        { entityId: id(), roomId: id(), content: { text: 'a' }, embedding: unitVector(1) },
        'facts',
      );
      await expect(adapter.ensureEmbeddingDimension(384)).resolves.toBeUndefined();
      await expectKithError(adapter.ensureEmbeddingDimension(768), ErrorCode.EMBEDDING_DIMENSION_MISMATCH);
    });
  });
}
