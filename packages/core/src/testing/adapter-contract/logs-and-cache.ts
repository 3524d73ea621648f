import { describe, expect, it } from '@jest/globals';
import { type FixtureAccessor, id, sleep } from './contract-fixture';

export function describeLogs(fixture: FixtureAccessor): void {
  describe('logs', () => {
    it('stores the body as given and lists newest first with filters', async () => {
      const { adapter } = fixture();
      const [entity, room, otherRoom] = [id(), id(), id()];
      await adapter.log({ body: { event: 'run_started', runId: 'r1' }, entityId: entity, roomId: room, type: 'run' });
      await sleep(2);
      await adapter.log({
        body: { model: 'TEXT_SMALL', tokens: { prompt: 10, completion: 3 } },
        entityId: entity,
        roomId: room,
        type: 'model',
      });
      await sleep(2);
      await adapter.log({ body: { event: 'run_ended' }, entityId: id(), roomId: otherRoom, type: 'run' });

      const mine = await adapter.getLogs({ roomId: room });
      expect(mine.map((l) => l.type)).toEqual(['model', 'run']);
      expect(mine[0]).toMatchObject({
        entityId: entity,
        roomId: room,
        body: { model: 'TEXT_SMALL', tokens: { prompt: 10, completion: 3 } },
      });
      expect(mine[0].createdAt).toBeInstanceOf(Date);
      expect((await adapter.getLogs({ type: 'run' })).length).toBe(2);
      expect((await adapter.getLogs({ entityId: entity })).length).toBe(2);
      expect((await adapter.getLogs({ count: 1 })).map((l) => l.body)).toEqual([{ event: 'run_ended' }]);
      expect((await adapter.getLogs({ count: 1, offset: 1 })).map((l) => l.type)).toEqual(['model']);

      const [latest] = await adapter.getLogs({ count: 1 });
      await adapter.deleteLog(latest.id as NonNullable<typeof latest.id>);
      expect((await adapter.getLogs({})).length).toBe(2);
    });
  });
}

export function describeCache(fixture: FixtureAccessor): void {
  describe('cache', () => {
    it('stores, overwrites and deletes JSON values', async () => {
      const { adapter } = fixture();
      expect(await adapter.getCache('missing')).toBeUndefined();
      const value = { list: [1, 'two', { three: true }], nested: { n: null } };
      expect(await adapter.setCache('k', value)).toBe(true);
      expect(await adapter.getCache('k')).toEqual(value);
      await adapter.setCache('k', 'replaced');
      expect(await adapter.getCache<string>('k')).toBe('replaced');
      expect(await adapter.deleteCache('k')).toBe(true);
      expect(await adapter.getCache('k')).toBeUndefined();
    });

    it('treats an expired entry as absent', async () => {
      const { adapter } = fixture();
      await adapter.setCache('short', 1, 5);
      await adapter.setCache('long', 2, 60_000);
      await sleep(20);
      expect(await adapter.getCache('short')).toBeUndefined();
      expect(await adapter.getCache('long')).toBe(2);
    });
  });
}
