import { describe, expect, it } from '@jest/globals';
import { ChannelType, type Room, type UUID } from '../../index';
import { type FixtureAccessor, id } from './contract-fixture';

function room(worldId?: UUID, name = 'general'): Room {
  return {
    id: id(),
    name,
    source: 'discord',
    type: ChannelType.GROUP,
    channelId: 'c1',
    serverId: 's1',
    worldId,
    metadata: { topic: 't' },
  };
}

export function describeWorldsAndRooms(fixture: FixtureAccessor): void {
  describe('worlds', () => {
    it('creates, reads, lists and updates worlds', async () => {
      const { adapter, agentId } = fixture();
      const worldId = id();
      expect(
        await adapter.createWorld({
          id: worldId,
          agentId,
          name: 'Guild',
          serverId: 's1',
          metadata: { ownership: { ownerId: 'o' } },
        }),
      ).toBe(worldId);
      expect(await adapter.getWorld(worldId)).toMatchObject({
        id: worldId,
        name: 'Guild',
        serverId: 's1',
        metadata: { ownership: { ownerId: 'o' } },
      });
      expect((await adapter.getAllWorlds()).map((w) => w.id)).toContain(worldId);
      await adapter.updateWorld({ id: worldId, agentId, name: 'Guild II', metadata: { roles: {} } });
      expect(await adapter.getWorld(worldId)).toMatchObject({ name: 'Guild II', metadata: { roles: {} } });
      expect(await adapter.getWorld(id())).toBeNull();
    });

    it('removing a world removes its rooms and what is in them', async () => {
      const { adapter, agentId } = fixture();
      const worldId = id();
      await adapter.createWorld({ id: worldId, agentId, name: 'W' });
      const r = room(worldId);
      await adapter.createRooms([r]);
      await adapter.createMemory({ entityId: id(), roomId: r.id, worldId, content: { text: 'x' } }, 'messages');
      await adapter.removeWorld(worldId);
      expect(await adapter.getWorld(worldId)).toBeNull();
      expect((await adapter.getRoomsByIds([r.id])) ?? []).toEqual([]);
      expect(await adapter.countMemories(r.id)).toBe(0);
    });
  });

  describe('rooms', () => {
    it('creates, reads, updates and lists rooms', async () => {
      const { adapter, agentId } = fixture();
      const worldId = id();
      await adapter.createWorld({ id: worldId, agentId, name: 'W' });
      const [a, b] = [room(worldId, 'a'), room(worldId, 'b')];
      expect(await adapter.createRooms([a, b])).toEqual([a.id, b.id]);
      expect(await adapter.createRooms([a])).toEqual([a.id]);
      const found = (await adapter.getRoomsByIds([a.id, b.id, id()])) ?? [];
      expect(found.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
      expect(found.find((r) => r.id === a.id)).toMatchObject({
        name: 'a',
        source: 'discord',
        type: ChannelType.GROUP,
        channelId: 'c1',
        serverId: 's1',
        worldId,
        metadata: { topic: 't' },
      });
      await adapter.updateRoom({ ...a, name: 'renamed', metadata: { topic: 'new' } });
      expect(((await adapter.getRoomsByIds([a.id])) ?? [])[0]).toMatchObject({
        name: 'renamed',
        metadata: { topic: 'new' },
      });
      expect((await adapter.getRoomsByWorld(worldId)).map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    });

    it('deleting a room deletes its memories and participants', async () => {
      const { adapter } = fixture();
      const [r, keep] = [room(), room()];
      await adapter.createRooms([r, keep]);
      const entity = id();
      await adapter.addParticipantsRoom([entity], r.id);
      await adapter.createMemory({ entityId: entity, roomId: r.id, content: { text: 'bye' } }, 'messages');
      await adapter.createMemory({ entityId: entity, roomId: keep.id, content: { text: 'stay' } }, 'messages');
      await adapter.deleteRoom(r.id);
      expect((await adapter.getRoomsByIds([r.id])) ?? []).toEqual([]);
      expect(await adapter.countMemories(r.id)).toBe(0);
      expect(await adapter.getParticipantsForRoom(r.id)).toEqual([]);
      expect(await adapter.countMemories(keep.id)).toBe(1);
    });

    it('deletes the rooms of a world', async () => {
      const { adapter, agentId } = fixture();
      const worldId = id();
      await adapter.createWorld({ id: worldId, agentId, name: 'W' });
      const [a, outside] = [room(worldId), room()];
      await adapter.createRooms([a, outside]);
      await adapter.deleteRoomsByWorldId(worldId);
      expect(await adapter.getRoomsByWorld(worldId)).toEqual([]);
      expect(((await adapter.getRoomsByIds([outside.id])) ?? []).length).toBe(1);
      expect(await adapter.getWorld(worldId)).not.toBeNull();
    });
  });
}
