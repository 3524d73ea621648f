import { createTestRuntime } from '../../testing';
import type { IDatabaseAdapter } from '../../types/database';
import { ChannelType, type UUID } from '../../types/primitives';
import { createUniqueUuid } from '../../uuid/uuid';
import type { AgentRuntime } from '../agent-runtime';

const USER = '11111111-1111-1111-1111-111111111111' as UUID;
const ROOM = '22222222-2222-2222-2222-222222222222' as UUID;
const OTHER_ROOM = '33333333-3333-3333-3333-333333333333' as UUID;
const WORLD = '44444444-4444-4444-4444-444444444444' as UUID;

const WRITES = ['createWorld', 'createRooms', 'createEntities', 'updateEntity', 'addParticipantsRoom'] as const;
const READS = ['getWorld', 'getRoomsByIds', 'getEntitiesByIds', 'isRoomParticipant'] as const;

/** Counts adapter calls by method name (the adapter still does the work). */
function countCalls(adapter: IDatabaseAdapter): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of [...WRITES, ...READS]) {
    counts[name] = 0;
    const original = (adapter[name] as (...args: unknown[]) => Promise<unknown>).bind(adapter);
    jest.spyOn(adapter, name).mockImplementation((async (...args: unknown[]) => {
      counts[name]++;
      return original(...args);
    }) as never);
  }
  return counts;
}

const total = (counts: Record<string, number>, names: readonly string[]): number =>
  names.reduce((sum, n) => sum + counts[n], 0);

describe('ensureConnection', () => {
  let runtime: AgentRuntime;
  let counts: Record<string, number>;

  beforeEach(async () => {
    runtime = await createTestRuntime();
    counts = countCalls(runtime.adapter);
  });

  afterEach(() => jest.restoreAllMocks());

  const connect = (roomId: UUID = ROOM, extra: Partial<Parameters<AgentRuntime['ensureConnection']>[0]> = {}) =>
    runtime.ensureConnection({
      entityId: USER,
      roomId,
      worldId: WORLD,
      worldName: 'Guild',
      userName: 'ada',
      name: 'Ada',
      source: 'discord',
      type: ChannelType.GROUP,
      channelId: 'chan-1',
      serverId: 'server-1',
      ...extra,
    });

  it('creates the world, room, entity and both participants once', async () => {
    await connect();
    expect(counts).toMatchObject({
      createWorld: 1,
      createRooms: 1,
      createEntities: 1,
      updateEntity: 0,
      addParticipantsRoom: 2,
    });

    expect(await runtime.getWorld(WORLD)).toMatchObject({
      id: WORLD,
      name: 'Guild',
      agentId: runtime.agentId,
      serverId: 'server-1',
    });
    expect(await runtime.getRoom(ROOM)).toMatchObject({
      id: ROOM,
      worldId: WORLD,
      source: 'discord',
      type: ChannelType.GROUP,
      channelId: 'chan-1',
      agentId: runtime.agentId,
    });
    expect(await runtime.getEntityById(USER)).toMatchObject({
      id: USER,
      names: ['Ada', 'ada'],
      agentId: runtime.agentId,
    });
    expect((await runtime.getParticipantsForRoom(ROOM)).sort()).toEqual([USER, runtime.agentId].sort());

    await connect();
    expect(total(counts, WRITES)).toBe(5);
    expect(counts).toMatchObject({ createWorld: 1, createRooms: 1, createEntities: 1, addParticipantsRoom: 2 });
  });

  it('the second call touches the database not at all', async () => {
    await connect();
    const before = total(counts, [...WRITES, ...READS]);
    await connect();
    expect(total(counts, [...WRITES, ...READS])).toBe(before);
  });

  it('joining another room reuses the world and entity', async () => {
    await connect();
    await connect(OTHER_ROOM);
    expect(counts).toMatchObject({ createWorld: 1, createRooms: 2, createEntities: 1, addParticipantsRoom: 4 });
    expect((await runtime.getRoomsForParticipant(USER)).sort()).toEqual([ROOM, OTHER_ROOM].sort());
  });

  it('adds a new name to a known entity', async () => {
    await runtime.createEntity({ id: USER, names: ['Old'], agentId: runtime.agentId });
    await connect();
    expect(counts.updateEntity).toBe(1);
    expect((await runtime.getEntityById(USER))?.names).toEqual(['Old', 'Ada', 'ada']);
  });

  it('derives a per-agent world id from the server id when none is given', async () => {
    await connect(ROOM, { worldId: undefined, serverId: 'guild-9' });
    const worldId = createUniqueUuid(runtime, 'guild-9');
    expect(await runtime.getWorld(worldId)).not.toBeNull();
    expect((await runtime.getRoom(ROOM))?.worldId).toBe(worldId);
  });

  it('does not create an entity for the agent itself', async () => {
    await runtime.ensureConnection({ entityId: runtime.agentId, roomId: ROOM, worldId: WORLD, source: 'api' });
    expect(counts.createEntities).toBe(0);
    expect(await runtime.getParticipantsForRoom(ROOM)).toEqual([runtime.agentId]);
  });
});

describe('ensureConnections', () => {
  it('creates the world, rooms, missing entities and participants', async () => {
    const runtime = await createTestRuntime();
    const world = { id: WORLD, agentId: runtime.agentId, name: 'Guild' };
    const rooms = [
      { id: ROOM, source: 'discord', type: ChannelType.GROUP },
      { id: OTHER_ROOM, source: 'discord', type: ChannelType.GROUP },
    ];
    const entities = [{ id: USER, names: ['Ada'], agentId: runtime.agentId }];
    await runtime.ensureConnections(entities, rooms, 'discord', world);
    await runtime.ensureConnections(entities, rooms, 'discord', world);
    expect(await runtime.getRoomsByWorld(WORLD)).toHaveLength(2);
    expect(await runtime.getEntitiesForRoom(OTHER_ROOM)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: USER })]),
    );
    expect((await runtime.getParticipantsForRoom(ROOM)).sort()).toEqual([USER, runtime.agentId].sort());
  });
});
