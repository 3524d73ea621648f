import { describe, expect, it } from '@jest/globals';
import { type FixtureAccessor, id } from './contract-fixture';

export function describeParticipants(fixture: FixtureAccessor): void {
  describe('participants', () => {
    it('adds, lists, checks and removes participants', async () => {
      const { adapter } = fixture();
      const [room, otherRoom, alice, bob] = [id(), id(), id(), id()];
      expect(await adapter.addParticipantsRoom([alice, bob], room)).toBe(true);
      expect(await adapter.addParticipantsRoom([alice], room)).toBe(true);
      await adapter.addParticipantsRoom([alice], otherRoom);
      expect((await adapter.getParticipantsForRoom(room)).sort()).toEqual([alice, bob].sort());
      const forAlice = await adapter.getParticipantsForEntity(alice);
      expect(forAlice.map((p) => p.roomId).sort()).toEqual([room, otherRoom].sort());
      expect(forAlice[0]).toMatchObject({ entityId: alice });
      expect(typeof forAlice[0].id).toBe('string');
      expect(await adapter.isRoomParticipant(room, bob)).toBe(true);
      expect((await adapter.getRoomsForParticipant(alice)).sort()).toEqual([room, otherRoom].sort());
      expect((await adapter.getRoomsForParticipants([alice, bob])).sort()).toEqual([room, otherRoom].sort());
      expect(await adapter.removeParticipant(bob, room)).toBe(true);
      expect(await adapter.removeParticipant(bob, room)).toBe(false);
      expect(await adapter.isRoomParticipant(room, bob)).toBe(false);
    });

    it('keeps a FOLLOWED / MUTED / null state per participant', async () => {
      const { adapter } = fixture();
      const [room, entity] = [id(), id()];
      await adapter.addParticipantsRoom([entity], room);
      expect(await adapter.getParticipantUserState(room, entity)).toBeNull();
      await adapter.setParticipantUserState(room, entity, 'FOLLOWED');
      expect(await adapter.getParticipantUserState(room, entity)).toBe('FOLLOWED');
      await adapter.setParticipantUserState(room, entity, 'MUTED');
      expect(await adapter.getParticipantUserState(room, entity)).toBe('MUTED');
      await adapter.setParticipantUserState(room, entity, null);
      expect(await adapter.getParticipantUserState(room, entity)).toBeNull();
      expect(await adapter.getParticipantUserState(id(), entity)).toBeNull();
    });
  });
}

export function describeRelationships(fixture: FixtureAccessor): void {
  describe('relationships', () => {
    it('creates one relationship per source and target', async () => {
      const { adapter, agentId } = fixture();
      const [a, b] = [id(), id()];
      expect(
        await adapter.createRelationship({
          sourceEntityId: a,
          targetEntityId: b,
          tags: ['friend'],
          metadata: { since: 2020 },
        }),
      ).toBe(true);
      expect(await adapter.createRelationship({ sourceEntityId: a, targetEntityId: b, tags: ['other'] })).toBe(false);
      const found = await adapter.getRelationship({ sourceEntityId: a, targetEntityId: b });
      expect(found).toMatchObject({
        sourceEntityId: a,
        targetEntityId: b,
        agentId,
        tags: ['friend'],
        metadata: { since: 2020 },
      });
      expect(typeof found?.id).toBe('string');
      expect(await adapter.getRelationship({ sourceEntityId: b, targetEntityId: a })).toBeNull();
    });

    it('finds relationships on either side that carry every given tag', async () => {
      const { adapter } = fixture();
      const [me, friend, colleague, stranger] = [id(), id(), id(), id()];
      await adapter.createRelationship({ sourceEntityId: me, targetEntityId: friend, tags: ['friend', 'close'] });
      await adapter.createRelationship({ sourceEntityId: colleague, targetEntityId: me, tags: ['work'] });
      await adapter.createRelationship({ sourceEntityId: stranger, targetEntityId: friend, tags: ['friend'] });
      const others = async (tags?: string[]) =>
        (await adapter.getRelationships({ entityId: me, tags }))
          .map((r) => (r.sourceEntityId === me ? r.targetEntityId : r.sourceEntityId))
          .sort();
      expect(await others()).toEqual([friend, colleague].sort());
      expect(await others(['friend'])).toEqual([friend]);
      expect(await others(['friend', 'close'])).toEqual([friend]);
      expect(await others(['friend', 'work'])).toEqual([]);
    });

    it('updates tags and metadata', async () => {
      const { adapter } = fixture();
      const [a, b] = [id(), id()];
      await adapter.createRelationship({ sourceEntityId: a, targetEntityId: b, tags: ['x'] });
      const found = await adapter.getRelationship({ sourceEntityId: a, targetEntityId: b });
      if (!found) throw new Error('relationship missing');
      await adapter.updateRelationship({ ...found, tags: ['y', 'z'], metadata: { note: 'n' } });
      expect(await adapter.getRelationship({ sourceEntityId: a, targetEntityId: b })).toMatchObject({
        tags: ['y', 'z'],
        metadata: { note: 'n' },
      });
    });
  });
}
