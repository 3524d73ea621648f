import { describe, expect, it } from '@jest/globals';
import type { Component, UUID } from '../../index';
import { type FixtureAccessor, id } from './contract-fixture';

export function describeEntities(fixture: FixtureAccessor): void {
  describe('entities', () => {
    it('creates entities and reads them by id', async () => {
      const { adapter, agentId } = fixture();
      const a = id();
      const b = id();
      expect(
        await adapter.createEntities([
          { id: a, names: ['Alice'], agentId, metadata: { discord: { name: 'al' } } },
          { id: b, names: ['Bob'], agentId },
        ]),
      ).toBe(true);
      const found = (await adapter.getEntitiesByIds([a, b, id()])) ?? [];
      expect(found.map((e) => e.id).sort()).toEqual([a, b].sort());
      expect(found.find((e) => e.id === a)).toMatchObject({
        names: ['Alice'],
        agentId,
        metadata: { discord: { name: 'al' } },
      });
      expect((await adapter.getEntitiesByIds([id()])) ?? []).toEqual([]);
    });

    it('ignores ids that already exist without failing the rest of the batch', async () => {
      const { adapter, agentId } = fixture();
      const existing = id();
      const fresh = id();
      await adapter.createEntities([{ id: existing, names: ['Original'], agentId }]);
      expect(
        await adapter.createEntities([
          { id: existing, names: ['Duplicate'], agentId },
          { id: fresh, names: ['Fresh'], agentId },
        ]),
      ).toBe(true);
      const found = (await adapter.getEntitiesByIds([existing, fresh])) ?? [];
      expect(found.find((e) => e.id === existing)?.names).toEqual(['Original']);
      expect(found.find((e) => e.id === fresh)?.names).toEqual(['Fresh']);
    });

    it('updates names and metadata', async () => {
      const { adapter, agentId } = fixture();
      const a = id();
      await adapter.createEntities([{ id: a, names: ['Alice'], agentId }]);
      await adapter.updateEntity({ id: a, names: ['Alice', 'Al'], agentId, metadata: { mood: 'good' } });
      const [entity] = (await adapter.getEntitiesByIds([a])) ?? [];
      expect(entity).toMatchObject({ names: ['Alice', 'Al'], metadata: { mood: 'good' } });
    });

    it('lists the entities of a room, with components when asked', async () => {
      const { adapter, agentId } = fixture();
      const room = id();
      const world = id();
      const [a, b, outsider] = [id(), id(), id()];
      await adapter.createEntities([a, b, outsider].map((e) => ({ id: e, names: [e.slice(0, 4)], agentId })));
      await adapter.addParticipantsRoom([a, b], room);
      await adapter.createComponent(component(a, agentId, room, world, 'profile'));
      const plain = await adapter.getEntitiesForRoom(room);
      expect(plain.map((e) => e.id).sort()).toEqual([a, b].sort());
      const withComponents = await adapter.getEntitiesForRoom(room, true);
      expect(withComponents.find((e) => e.id === a)?.components?.map((c) => c.type)).toEqual(['profile']);
      expect(withComponents.find((e) => e.id === b)?.components ?? []).toEqual([]);
    });
  });
}

function component(
  entityId: UUID,
  agentId: UUID,
  roomId: UUID,
  worldId: UUID,
  type: string,
  sourceEntityId = entityId,
): Component {
  return {
    id: id(),
    entityId,
    agentId,
    roomId,
    worldId,
    sourceEntityId,
    type,
    createdAt: Date.now(),
    data: { level: 1 },
  };
}

export function describeComponents(fixture: FixtureAccessor): void {
  describe('components', () => {
    it('creates, reads, filters, updates and deletes components', async () => {
      const { adapter, agentId } = fixture();
      const [entity, room, world, otherWorld, source] = [id(), id(), id(), id(), id()];
      await adapter.createEntities([{ id: entity, names: ['E'], agentId }]);
      const profile = component(entity, agentId, room, world, 'profile');
      const settings = component(entity, agentId, room, otherWorld, 'settings', source);
      expect(await adapter.createComponent(profile)).toBe(true);
      expect(await adapter.createComponent(settings)).toBe(true);

      expect(await adapter.getComponent(entity, 'profile')).toMatchObject({
        id: profile.id,
        type: 'profile',
        data: { level: 1 },
      });
      expect(await adapter.getComponent(entity, 'profile', otherWorld)).toBeNull();
      expect(await adapter.getComponent(entity, 'settings', otherWorld, source)).toMatchObject({ id: settings.id });
      expect((await adapter.getComponents(entity)).map((c) => c.id).sort()).toEqual([profile.id, settings.id].sort());
      expect((await adapter.getComponents(entity, world)).map((c) => c.id)).toEqual([profile.id]);
      expect((await adapter.getComponents(entity, undefined, source)).map((c) => c.id)).toEqual([settings.id]);

      await adapter.updateComponent({ ...profile, data: { level: 2 } });
      expect((await adapter.getComponent(entity, 'profile'))?.data).toEqual({ level: 2 });
      await adapter.deleteComponent(profile.id);
      expect(await adapter.getComponent(entity, 'profile')).toBeNull();
    });
  });
}
