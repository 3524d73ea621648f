import { ChannelType, randomUuid, type Content, type Entity, type Room } from '@kith/core';
import { createCapturingLogger } from '@kith/core/test';
import { createHarness } from '../testing/bootstrap-harness';

function capture() {
  const sink: Content[] = [];
  return {
    sink,
    callback: async (content: Content) => {
      sink.push(content);
      return [];
    },
  };
}

describe('bootstrap event handlers', () => {
  it('MESSAGE_RECEIVED goes through the message ledger: a connector message emitted twice is taken in durably and answered once', async () => {
    const reply = '<response><thought>ok</thought><actions>REPLY</actions><text>Hello Ada.</text></response>';
    const { runtime, message } = await createHarness({ script: [reply, reply, reply], type: ChannelType.DM });
    const accept = jest.spyOn(runtime.adapter, 'acceptInbound' as never);
    const incoming = message('hi there', { id: randomUuid() });
    const first = capture();
    const second = capture();
    await Promise.all([
      runtime.emitEvent('MESSAGE_RECEIVED', {
        runtime,
        message: { ...incoming },
        callback: first.callback,
        source: 'test',
      }),
      runtime.emitEvent('MESSAGE_RECEIVED', {
        runtime,
        message: { ...incoming },
        callback: second.callback,
        source: 'test',
      }),
    ]);
    await runtime.messageService!.whenIdle!();
    expect([...first.sink, ...second.sink].map((content) => content.text)).toEqual(['Hello Ada.']);
    expect(accept).toHaveBeenCalledTimes(1);
    expect(await runtime.adapter.getPendingInbound!()).toEqual([]);
  });

  it('REACTION_RECEIVED stores a reaction once and warns about a duplicate', async () => {
    const log = createCapturingLogger('warn');
    const { runtime, message, roomId } = await createHarness({ logger: log.logger });
    const reaction = message('👍', { content: { text: '👍', source: 'test', inReplyTo: randomUuid() } });
    await runtime.emitEvent('REACTION_RECEIVED', { message: reaction, source: 'test' });
    await runtime.emitEvent('REACTION_RECEIVED', { message: reaction, source: 'test' });
    expect(await runtime.countMemories(roomId, false, 'messages')).toBe(1);
    expect(log.messages('warn')).toEqual(['Duplicate reaction memory; skipping it']);
    expect(log.messages('error')).toEqual([]);
  });

  it('MESSAGE_DELETED forgets the message', async () => {
    const { runtime, message, roomId } = await createHarness();
    const stored = message('oops');
    await runtime.createMemory(stored, 'messages');
    await runtime.emitEvent('MESSAGE_DELETED', { message: stored, source: 'test' });
    expect(await runtime.countMemories(roomId, false, 'messages')).toBe(0);
  });

  it('CHANNEL_CLEARED deletes the room’s messages and logs how many', async () => {
    const log = createCapturingLogger('info');
    const { runtime, message, roomId } = await createHarness({ logger: log.logger });
    for (const text of ['a', 'b', 'c']) await runtime.createMemory(message(text), 'messages');
    await runtime.createMemory(message('a fact'), 'facts');
    await runtime.emitEvent('CHANNEL_CLEARED', { roomId, channelId: 'chan-1', memoryCount: 3, source: 'test' });
    expect(await runtime.countMemories(roomId, false, 'messages')).toBe(0);
    expect(await runtime.countMemories(roomId, false, 'facts')).toBe(1);
    expect(log.messages('info')).toContain('Cleared 3/3 message memories from channel chan-1');
  });

  it('POST_GENERATED writes a post with postCreationTemplate, delivers it and stores it', async () => {
    const post =
      '<response><thought>tea again</thought><post>"Tea is a small daily ceremony."</post><imagePrompt>a teacup</imagePrompt></response>';
    const { runtime, model } = await createHarness({ script: [post, post] });
    const feed = randomUuid();
    const { sink, callback } = capture();
    await runtime.emitEvent('POST_GENERATED', { roomId: feed, callback, source: 'test' });
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0].prompt).toContain('# Task: Create a post in the voice and style of Testy.');
    expect(sink).toEqual([
      expect.objectContaining({
        text: 'Tea is a small daily ceremony.',
        actions: ['POST'],
        channelType: ChannelType.FEED,
        imagePrompt: 'a teacup',
      }),
    ]);
    const stored = await runtime.getMemories({ tableName: 'messages', roomId: feed });
    expect(stored.map((m) => [m.entityId, m.content.text])).toEqual([
      [runtime.agentId, 'Tea is a small daily ceremony.'],
    ]);
    expect((await runtime.getRoom(feed))?.type).toBe(ChannelType.FEED);

    // The same post again is dropped, and the model was shown the earlier one.
    await runtime.emitEvent('POST_GENERATED', { roomId: feed, callback, source: 'test' });
    expect(model.calls[1].prompt).toContain('- Tea is a small daily ceremony.');
    expect(sink).toHaveLength(1);
    expect(await runtime.countMemories(feed, false, 'messages')).toBe(1);
  });

  it.each(['WORLD_JOINED', 'WORLD_CONNECTED'] as const)(
    '%s creates the world, its rooms, its members and their participation',
    async (event) => {
      const { runtime } = await createHarness();
      const worldId = randomUuid();
      const rooms: Room[] = [
        { id: randomUuid(), name: 'general', source: 'discord', type: ChannelType.GROUP, channelId: '100' },
        { id: randomUuid(), name: 'voice', source: 'discord', type: ChannelType.VOICE_GROUP, channelId: '101' },
      ];
      const entities: Entity[] = [
        { id: randomUuid(), names: ['Cy'], agentId: runtime.agentId, metadata: { discord: { userName: 'cy' } } },
        { id: randomUuid(), names: ['Di'], agentId: runtime.agentId },
      ];
      await runtime.emitEvent(event, {
        world: { id: worldId, name: 'Guild', agentId: runtime.agentId, serverId: 'g1' },
        rooms,
        entities,
        source: 'discord',
      });
      expect((await runtime.getWorld(worldId))?.name).toBe('Guild');
      expect((await runtime.getRoomsByWorld(worldId)).map((r) => r.name).sort()).toEqual(['general', 'voice']);
      for (const room of rooms) {
        expect((await runtime.getParticipantsForRoom(room.id)).sort()).toEqual(
          [entities[0].id, entities[1].id, runtime.agentId].sort(),
        );
      }
    },
  );

  it('ENTITY_JOINED connects a newcomer; ENTITY_LEFT marks them inactive and a rejoin active again', async () => {
    const { runtime } = await createHarness();
    const roomId = randomUuid();
    const cy = randomUuid();
    const join = () =>
      runtime.emitEvent('ENTITY_JOINED', {
        entityId: cy,
        roomId,
        metadata: { name: 'Cy', username: 'cy_', type: 'GROUP', serverId: 'g2' },
        source: 'discord',
      });
    await join();
    expect((await runtime.getEntityById(cy))?.names).toEqual(['Cy', 'cy_']);
    expect(await runtime.isRoomParticipant(roomId, cy)).toBe(true);
    expect((await runtime.getRoom(roomId))?.type).toBe(ChannelType.GROUP);

    await runtime.emitEvent('ENTITY_LEFT', { entityId: cy, roomId, source: 'discord' });
    expect((await runtime.getEntityById(cy))?.metadata).toMatchObject({ status: 'INACTIVE' });
    expect(await runtime.isRoomParticipant(roomId, cy)).toBe(true);
    await join();
    expect((await runtime.getEntityById(cy))?.metadata).toMatchObject({ status: 'ACTIVE' });
  });

  it('a handler that fails logs the failure and does not throw', async () => {
    const log = createCapturingLogger('error');
    const { runtime } = await createHarness({ logger: log.logger });
    await expect(
      runtime.emitEvent('POST_GENERATED', { roomId: randomUuid(), source: 'test' }),
    ).resolves.toBeUndefined();
    expect(log.messages('error')).toEqual(['Generating a post failed']);
  });
});
