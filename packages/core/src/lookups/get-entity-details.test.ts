import type { Component, Entity } from '../types/environment';
import type { UUID } from '../types/primitives';
import { AGENT, ALICE, BOB, ROOM, entity, roomRuntime } from '../testing/fixtures/world';
import { getEntityDetails } from './get-entity-details';

function component(data: Component['data']): Component {
  const id = '00000000-0000-0000-0000-0000000000c0' as UUID;
  return {
    id,
    entityId: ALICE,
    agentId: AGENT,
    roomId: ROOM,
    worldId: id,
    sourceEntityId: id,
    type: 't',
    createdAt: 0,
    data,
  };
}

describe('getEntityDetails', () => {
  it('asks for the room and its entities with components', async () => {
    const runtime = roomRuntime({ entities: [] });
    await getEntityDetails({ runtime, roomId: ROOM });
    expect(runtime.getRoom).toHaveBeenCalledWith(ROOM);
    expect(runtime.getEntitiesForRoom).toHaveBeenCalledWith(ROOM, true);
  });

  it("uses the room platform's name when known, else names[0]", async () => {
    const runtime = roomRuntime({
      entities: [entity(ALICE, ['Alice'], { discord: { name: 'alice#1' } }), entity(BOB, ['Bob'])],
    });
    const details = await getEntityDetails({ runtime, roomId: ROOM });
    expect(details.map((detail) => detail.name)).toEqual(['alice#1', 'Bob']);
    expect(details[0]).toMatchObject({ id: ALICE, agentId: AGENT, names: ['Alice'] });
  });

  it('falls back to names[0] when the room is unknown', async () => {
    const runtime = roomRuntime({ room: null, entities: [entity(ALICE, ['Alice'], { discord: { name: 'x' } })] });
    expect((await getEntityDetails({ runtime, roomId: ROOM }))[0].name).toBe('Alice');
  });

  it('merges component data into metadata (arrays unioned, objects merged), entity metadata winning', async () => {
    const alice: Entity = {
      ...entity(ALICE, ['Alice'], { tier: 'gold' }),
      components: [
        component({ tags: ['a', 'b'], profile: { age: 30 }, tier: 'silver' }),
        component({ tags: ['b', 'c'], profile: { city: 'Oslo' } }),
      ],
    };
    const [details] = await getEntityDetails({ runtime: roomRuntime({ entities: [alice] }), roomId: ROOM });
    expect(details.metadata).toEqual({ tags: ['a', 'b', 'c'], profile: { age: 30, city: 'Oslo' }, tier: 'gold' });
  });

  it('drops duplicate entities', async () => {
    const runtime = roomRuntime({ entities: [entity(ALICE, ['Alice']), entity(ALICE, ['Alice again'])] });
    const details = await getEntityDetails({ runtime, roomId: ROOM });
    expect(details).toHaveLength(1);
    expect(details[0].names).toEqual(['Alice']);
  });
});
