import { type BusEvent, type BusMessage, ChannelType, MessageBus, MessageBusService, randomUuid, type UUID } from '@kith/core';
import { createTestAgent, silentLogger } from './__fixtures__/test-agent';

const message = (channelId: UUID, extra: Partial<BusMessage> = {}): BusMessage => ({
  id: randomUuid(),
  channelId,
  serverId: 'test',
  authorId: randomUuid(),
  authorName: 'ada',
  text: 'hello',
  source: 'api',
  channelType: ChannelType.DM,
  createdAt: Date.now(),
  ...extra,
});

async function agentOnBus(bus: MessageBus, name: string) {
  const agent = await createTestAgent({ name });
  await agent.runtime.registerService(MessageBusService.bindTo(bus));
  return agent;
}

describe('the message bus with the bootstrap pipeline', () => {
  it('delivers only to agents that take part in the channel', async () => {
    const bus = new MessageBus(silentLogger());
    const ada = await agentOnBus(bus, 'Ada');
    const bob = await agentOnBus(bus, 'Bob');
    const channelId = randomUuid();

    // Named but not a participant: the service refuses it and the pipeline never runs.
    expect(await bus.publish(message(channelId, { targetAgentId: ada.runtime.agentId }))).toEqual([]);
    expect(ada.model.calls).toHaveLength(0);

    bus.join(channelId, ada.runtime.agentId);
    const results = await bus.publish(message(channelId));
    expect(results.map((r) => r.agentId)).toEqual([ada.runtime.agentId]);
    expect(bob.model.calls).toHaveLength(0);
    expect(bus.participants(channelId)).toEqual([ada.runtime.agentId]);
    await ada.runtime.stop();
    await bob.runtime.stop();
  });

  it('converts the message to a Memory with its entity, room and world, and routes events back with the client id', async () => {
    const bus = new MessageBus(silentLogger());
    const ada = await agentOnBus(bus, 'Ada');
    const events: BusEvent[] = [];
    bus.subscribe((event) => void events.push(event));
    const channelId = randomUuid();
    bus.join(channelId, ada.runtime.agentId);
    const sent = message(channelId, { clientId: 'client-1', channelType: ChannelType.GROUP, source: 'client_chat' });
    const [result] = await bus.publish(sent);

    const stored = await ada.runtime.getMemoryById(result!.memoryId);
    expect(stored).toMatchObject({ entityId: sent.authorId, roomId: channelId, content: { text: 'hello', source: 'client_chat', channelType: 'GROUP' } });
    expect(await ada.runtime.getRoom(channelId)).toMatchObject({ type: 'GROUP', source: 'client_chat' });
    expect((await ada.runtime.getEntityById(sent.authorId))?.names).toContain('ada');
    expect(await ada.runtime.isRoomParticipant(channelId, ada.runtime.agentId)).toBe(true);

    const types = events.map((e) => e.type);
    // The reply text streams as chunks before the reply itself; together they spell the reply.
    expect(types.filter((t) => t !== 'chunk')).toEqual(['message', 'thinking', 'reply', 'thinking', 'done']);
    expect(types.indexOf('chunk')).toBeGreaterThan(types.indexOf('thinking'));
    expect(types.lastIndexOf('chunk')).toBeLessThan(types.indexOf('reply'));
    const streamed = events.flatMap((e) => (e.type === 'chunk' ? [e.chunk] : [])).join('');
    const reply = events.find((e) => e.type === 'reply');
    expect(reply?.type === 'reply' && reply.content.text).toBe(streamed);
    for (const event of events.slice(1)) expect(event).toMatchObject({ clientId: 'client-1', messageId: sent.id, agentId: ada.runtime.agentId });
    await ada.runtime.stop();
  });

  it('keeps delivering when a listener throws, and stops taking messages once stopped', async () => {
    const bus = new MessageBus(silentLogger());
    const ada = await agentOnBus(bus, 'Ada');
    bus.subscribe(() => {
      throw new Error('bad listener');
    });
    const channelId = randomUuid();
    bus.join(channelId, ada.runtime.agentId);
    expect(await bus.publish(message(channelId))).toHaveLength(1);

    const service = ada.runtime.getService<MessageBusService>('message-bus-service')!;
    service.pause();
    await expect(bus.publish(message(channelId, { targetAgentId: ada.runtime.agentId }))).rejects.toMatchObject({ code: 'KITH_AGENT_NOT_RUNNING' });
    const errors: BusEvent[] = [];
    bus.subscribe((event) => void (event.type === 'error' && errors.push(event)));
    expect(await bus.publish(message(channelId))).toEqual([]);
    expect(errors).toEqual([expect.objectContaining({ code: 'KITH_AGENT_NOT_RUNNING', agentId: ada.runtime.agentId })]);

    await ada.runtime.stop(); // stops the service: it leaves the bus
    expect(bus.participants(channelId)).toEqual([]);
    await expect(bus.publish(message(channelId, { targetAgentId: ada.runtime.agentId }))).rejects.toMatchObject({ code: 'KITH_AGENT_NOT_FOUND' });
  });
});
