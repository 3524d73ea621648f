import {
  agentMemoryId,
  type BusEvent,
  type BusMessage,
  ChannelType,
  MessageBus,
  MessageBusService,
  randomUuid,
  type UUID,
} from '@kith/core';
import { createTestAgent, silentLogger } from './testing/test-agent';

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

async function agentOnBus(bus: MessageBus, name: string, settings?: Record<string, string>) {
  const agent = await createTestAgent({ name, settings });
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

    const stored = await ada.runtime.getMemoryById(result.memoryId);
    expect(stored).toMatchObject({
      entityId: sent.authorId,
      roomId: channelId,
      content: { text: 'hello', source: 'client_chat', channelType: 'GROUP' },
    });
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
    for (const event of events.slice(1))
      expect(event).toMatchObject({ clientId: 'client-1', messageId: sent.id, agentId: ada.runtime.agentId });
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
    await expect(bus.publish(message(channelId, { targetAgentId: ada.runtime.agentId }))).rejects.toMatchObject({
      code: 'KITH_AGENT_NOT_RUNNING',
    });
    const errors: BusEvent[] = [];
    bus.subscribe((event) => void (event.type === 'error' && errors.push(event)));
    expect(await bus.publish(message(channelId))).toEqual([]);
    expect(errors).toEqual([expect.objectContaining({ code: 'KITH_AGENT_NOT_RUNNING', agentId: ada.runtime.agentId })]);

    await ada.runtime.stop(); // stops the service: it leaves the bus
    expect(bus.participants(channelId)).toEqual([]);
    await expect(bus.publish(message(channelId, { targetAgentId: ada.runtime.agentId }))).rejects.toMatchObject({
      code: 'KITH_AGENT_NOT_FOUND',
    });
  });

  it('with BASIC_CAPABILITIES_KEEP_RESP answers each waiting message, never showing a turn the messages that arrived after it', async () => {
    const bus = new MessageBus(silentLogger());
    const ada = await agentOnBus(bus, 'Ada', { BASIC_CAPABILITIES_KEEP_RESP: 'true' });
    const channelId = randomUuid();
    bus.join(channelId, ada.runtime.agentId);
    // All three are accepted (and stored) before the first turn composes its prompt.
    const results = await Promise.all(
      ['first question', 'second question', 'third question'].map((text) => bus.publish(message(channelId, { text }))),
    );
    expect(results.map(([r]) => r?.mode)).toEqual(['simple', 'simple', 'simple']);
    const prompts = ada.model.callsOf('TEXT_LARGE').map((call) => call.prompt);
    expect(prompts).toHaveLength(3);
    expect(prompts[0]).not.toMatch(/second question|third question/);
    expect(prompts[1]).toContain('first question');
    expect(prompts[1]).not.toContain('third question');
    expect(prompts[2]).toMatch(/first question[\s\S]*second question/);
    await ada.runtime.stop();
  });

  it('keeps the memory policy at acceptance: DISABLE_MEMORY_CREATION stores nothing and still answers', async () => {
    const bus = new MessageBus(silentLogger());
    const ada = await agentOnBus(bus, 'Ada', { DISABLE_MEMORY_CREATION: 'true' });
    const channelId = randomUuid();
    bus.join(channelId, ada.runtime.agentId);
    const [result] = await bus.publish(message(channelId, { text: 'keep this to yourself' }));
    expect(result?.replies).toHaveLength(1);
    expect(await ada.runtime.countMemories(channelId, false, 'messages')).toBe(0);
    expect(await ada.runtime.adapter.getPendingInbound?.()).toEqual([]);
    await ada.runtime.stop();
  });

  it('answers, once, a message an earlier process accepted (stored with its entry) but never answered', async () => {
    const bus = new MessageBus(silentLogger());
    const ada = await createTestAgent({ name: 'Ada' });
    const runtime = ada.runtime;
    const channelId = randomUuid();
    const left = message(channelId, { text: 'are you there?', createdAt: Date.now() - 5_000 });
    const memoryId = agentMemoryId(runtime, left.id);
    await runtime.ensureConnection({
      entityId: left.authorId,
      roomId: channelId,
      userName: 'ada',
      source: 'api',
      type: ChannelType.DM,
      serverId: 'test',
    });
    await runtime.adapter.acceptInbound?.(
      { messageId: left.id, roomId: channelId, body: { ...left } },
      {
        id: memoryId,
        entityId: left.authorId,
        roomId: channelId,
        content: { text: left.text, source: 'api' },
        createdAt: left.createdAt,
      },
    );

    const done = new Promise<BusEvent>((resolve) => bus.subscribe((event) => event.type === 'done' && resolve(event)));
    await MessageBusService.attach(runtime, bus);
    expect(await done).toMatchObject({ messageId: left.id, result: { mode: 'simple', duplicate: false } });
    const stored = await runtime.getMemories({ tableName: 'messages', roomId: channelId, count: 10 });
    expect(stored.filter((m) => m.id === memoryId)).toHaveLength(1);
    expect(stored.filter((m) => m.entityId === runtime.agentId)).toHaveLength(1);
    expect(await runtime.adapter.getPendingInbound?.()).toEqual([]);

    const [again] = await bus.publish(left);
    expect(again).toMatchObject({ duplicate: true });
    expect(ada.model.callsOf('TEXT_LARGE')).toHaveLength(1);
    await runtime.stop();
  });
});
