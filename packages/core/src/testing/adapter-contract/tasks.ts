import { describe, expect, it } from '@jest/globals';
import { type FixtureAccessor, id, sleep } from './contract-fixture';

export function describeTasks(fixture: FixtureAccessor): void {
  describe('tasks', () => {
    it('creates, reads, filters, updates and deletes tasks', async () => {
      const { adapter } = fixture();
      const [room, entity] = [id(), id()];
      const a = await adapter.createTask({
        name: 'digest',
        description: 'daily digest',
        roomId: room,
        entityId: entity,
        tags: ['queue', 'repeat'],
        metadata: { updateInterval: 1000 },
      });
      const b = await adapter.createTask({ name: 'once', description: 'one-off', roomId: room, tags: ['queue'] });
      const c = await adapter.createTask({ name: 'digest', description: 'elsewhere', tags: ['repeat'] });

      expect(await adapter.getTask(a)).toMatchObject({
        id: a,
        name: 'digest',
        description: 'daily digest',
        roomId: room,
        entityId: entity,
        tags: ['queue', 'repeat'],
        metadata: { updateInterval: 1000 },
      });
      expect(typeof (await adapter.getTask(a))?.updatedAt).toBe('number');
      expect(await adapter.getTask(id())).toBeNull();
      const ids = async (params: Parameters<typeof adapter.getTasks>[0]) =>
        (await adapter.getTasks(params)).map((t) => t.id).sort();
      expect(await ids({ roomId: room })).toEqual([a, b].sort());
      expect(await ids({ tags: ['queue'] })).toEqual([a, b].sort());
      expect(await ids({ tags: ['queue', 'repeat'] })).toEqual([a]);
      expect(await ids({ entityId: entity })).toEqual([a]);
      expect(await ids({})).toEqual([a, b, c].sort());
      expect((await adapter.getTasksByName('digest')).map((t) => t.id).sort()).toEqual([a, c].sort());

      const before = (await adapter.getTask(a))?.updatedAt ?? 0;
      await sleep(3);
      await adapter.updateTask(a, { metadata: { updateInterval: 5000 }, tags: ['repeat'] });
      const updated = await adapter.getTask(a);
      expect(updated).toMatchObject({ name: 'digest', tags: ['repeat'], metadata: { updateInterval: 5000 } });
      expect(updated?.updatedAt ?? 0).toBeGreaterThan(before);

      await adapter.deleteTask(b);
      expect(await adapter.getTask(b)).toBeNull();
    });
  });
}
