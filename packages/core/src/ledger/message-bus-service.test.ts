import { createLogger } from '../logger/logger';
import { AgentRuntime } from '../runtime/agent-runtime';
import { createCapturingLogger, InMemoryDatabaseAdapter, testCharacter } from '../testing';
import type { HandlerCallback } from '../types/components';
import type { Memory } from '../types/memory';
import type { IMessageService, MessageProcessingOptions, MessageProcessingResult } from '../types/messaging';
import { ChannelType, type UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import { randomUuid, stringToUuid } from '../uuid/uuid';
import type { BusMessage } from './bus-message';
import { MessageBus } from './message-bus';
import { MessageBusService } from './message-bus-service';
import { replyKeyOf } from './stored-replies';
import { agentMemoryId } from './to-agent-memory';

const agentId = stringToUuid(testCharacter.name);

interface Received {
  message: Memory;
  options: MessageProcessingOptions;
}

/**
 * A pipeline that answers every message with one stored reply, as the
 * bootstrap pipeline does (storing the message unless told it is stored,
 * joining commitWithDecision to the reply's write), and records its calls.
 */
function recordingPipeline(): IMessageService & { received: Received[] } {
  const received: Received[] = [];
  return {
    received,
    async handleMessage(
      runtime: IAgentRuntime,
      message: Memory,
      callback?: HandlerCallback,
      options: MessageProcessingOptions = {},
    ): Promise<MessageProcessingResult> {
      received.push({ message, options });
      if (!options.messageStored) {
        const existing = await runtime.getMemoryById(message.id as UUID);
        if (existing && (await runtime.adapter.getRepliesTo?.(replyKeyOf(runtime, message.id as UUID)))?.length) {
          return { didRespond: false, mode: 'duplicate', responseContent: null, responseMessages: [] };
        }
        if (!existing) await runtime.createMemory(message, 'messages');
      }
      const content = {
        text: `echo ${message.content.text}`,
        actions: ['REPLY'],
        inReplyTo: replyKeyOf(runtime, message.id as UUID),
      };
      const reply: Memory = {
        id: randomUuid(),
        entityId: runtime.agentId,
        agentId: runtime.agentId,
        roomId: message.roomId,
        content,
        createdAt: Date.now(),
      };
      await Promise.all([runtime.createMemory(reply, 'messages'), options.commitWithDecision?.()]);
      await callback?.(content, 'REPLY');
      return { didRespond: true, mode: 'simple', responseContent: content, responseMessages: [reply] };
    },
  };
}

async function agentOn(
  adapter: InMemoryDatabaseAdapter,
  options: { settings?: Record<string, string>; logger?: AgentRuntime['logger'] } = {},
) {
  const runtime = new AgentRuntime({
    character: structuredClone(testCharacter),
    agentId,
    adapter,
    settings: options.settings,
    logger: options.logger ?? createLogger({ level: process.env.LOG_LEVEL ?? 'silent', namespace: 'bus-test' }),
  });
  await runtime.initialize();
  const pipeline = recordingPipeline();
  runtime.messageService = pipeline;
  const bus = new MessageBus(runtime.logger);
  const service = await MessageBusService.attach(runtime, bus);
  return { runtime, pipeline, bus, service };
}

function busMessage(channelId: UUID, text: string, extra: Partial<BusMessage> = {}): BusMessage {
  return {
    id: randomUuid(),
    channelId,
    serverId: 'test',
    authorId: randomUuid(),
    authorName: 'ada',
    text,
    source: 'api',
    channelType: ChannelType.DM,
    createdAt: Date.now(),
    ...extra,
  };
}

describe('MessageBusService', () => {
  it('accepts a message once its inbox entry and memory are committed together, then runs the pipeline on the stored message', async () => {
    const adapter = new InMemoryDatabaseAdapter(agentId);
    const { runtime, pipeline, bus } = await agentOn(adapter);
    const channelId = randomUuid();
    bus.join(channelId, agentId);
    const order: string[] = [];
    const accept = jest.spyOn(adapter, 'acceptInbound');
    accept.mockImplementation(async (...args) => {
      const outcome = await InMemoryDatabaseAdapter.prototype.acceptInbound.apply(adapter, args);
      order.push('committed');
      return outcome;
    });
    const sent = busMessage(channelId, 'hello', { clientId: 'socket-1' });
    const [result] = await bus.publish(sent, () =>
      order.push(pipeline.received.length === 0 ? 'accepted before the pipeline' : 'accepted late'),
    );

    expect(order).toEqual(['committed', 'accepted before the pipeline']);
    const [inbound, memory] = accept.mock.calls[0];
    expect(inbound).toMatchObject({
      messageId: sent.id,
      roomId: channelId,
      body: { id: sent.id, text: 'hello', authorName: 'ada' },
    });
    expect(inbound.body).not.toHaveProperty('clientId');
    expect(memory).toMatchObject({ id: agentMemoryId(runtime, sent.id), content: { text: 'hello' } });
    expect(pipeline.received[0].options).toMatchObject({
      messageStored: true,
      commitWithDecision: expect.any(Function),
    });
    expect(result).toMatchObject({
      mode: 'simple',
      duplicate: false,
      memoryId: agentMemoryId(runtime, sent.id),
      replies: [{ content: { text: 'echo hello' } }],
    });
    expect(await adapter.getPendingInbound()).toEqual([]);
    expect((await adapter.acceptInbound({ messageId: sent.id, roomId: channelId, body: {} })).entry.state).toBe(
      'answered',
    );
    await runtime.stop();
  });

  it('marks the entry answered once: with the first decision, or when the pipeline returns without one', async () => {
    const adapter = new InMemoryDatabaseAdapter(agentId);
    const { runtime, bus } = await agentOn(adapter);
    const mark = jest.spyOn(adapter, 'markInboundAnswered');
    const channelId = randomUuid();
    bus.join(channelId, agentId);
    await bus.publish(busMessage(channelId, 'answered'));
    expect(mark).toHaveBeenCalledTimes(1);

    // A pipeline that records nothing (a discarded turn, a failure): the bus closes the entry itself.
    runtime.messageService = {
      handleMessage: async () => ({
        didRespond: false,
        mode: 'discarded',
        responseContent: null,
        responseMessages: [],
      }),
    };
    const discarded = busMessage(channelId, 'dropped');
    expect(await bus.publish(discarded)).toEqual([expect.objectContaining({ mode: 'discarded', replies: [] })]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(mark).toHaveBeenCalledTimes(2);
    expect(mark).toHaveBeenLastCalledWith(discarded.id);
    expect(await adapter.getPendingInbound()).toEqual([]);
    await runtime.stop();
  });

  it('answers a repeated id with the original outcome, in this process and after a restart, without running the pipeline again', async () => {
    const adapter = new InMemoryDatabaseAdapter(agentId);
    const first = await agentOn(adapter);
    const channelId = randomUuid();
    first.bus.join(channelId, agentId);
    const sent = busMessage(channelId, 'once');
    const [original] = await first.bus.publish(sent);
    const [again] = await first.bus.publish({ ...sent, text: 'changed' });
    // The original outcome, its replies read back from the database (the ledger keeps no reply bodies).
    const { replies: originalReplies, ...originalRest } = original;
    expect(again).toMatchObject({ ...originalRest, duplicate: true });
    expect(again.replies.map((reply) => reply.id)).toEqual(originalReplies.map((reply) => reply.id));
    expect(first.pipeline.received).toHaveLength(1);
    await first.runtime.stop();

    const second = await agentOn(adapter);
    second.bus.join(channelId, agentId);
    const [afterRestart] = await second.bus.publish(sent);
    expect(afterRestart).toMatchObject({
      mode: 'duplicate',
      duplicate: true,
      memoryId: original?.memoryId,
      replies: [{ content: { text: 'echo once' } }],
    });
    expect(second.pipeline.received).toHaveLength(0);
    await second.runtime.stop();
  });

  it('replays, oldest first and once, what an earlier process accepted and never answered', async () => {
    const adapter = new InMemoryDatabaseAdapter(agentId);
    const channelId = randomUuid();
    const runtimeView = { agentId };
    // Left by a process killed after acknowledging: one stored with its entry, one only journaled.
    const stored = busMessage(channelId, 'stored before the crash', { createdAt: 1_000 });
    const journaled = busMessage(channelId, 'journaled only', { createdAt: 2_000 });
    await adapter.acceptInbound(
      { messageId: stored.id, roomId: channelId, body: { ...stored } },
      {
        id: agentMemoryId(runtimeView, stored.id),
        entityId: stored.authorId,
        roomId: channelId,
        content: { text: stored.text },
        createdAt: stored.createdAt,
      },
    );
    await adapter.acceptInbound({ messageId: journaled.id, roomId: channelId, body: { ...journaled } });

    const { runtime, pipeline, bus } = await agentOn(adapter);
    const done: string[] = [];
    bus.subscribe((event) => void (event.type === 'done' && done.push(event.messageId)));
    while (done.length < 2) await new Promise((resolve) => setImmediate(resolve));

    expect(
      pipeline.received.map((r) => [r.message.content.text, r.message.createdAt, r.options.messageStored]),
    ).toEqual([
      ['stored before the crash', 1_000, false],
      ['journaled only', 2_000, false],
    ]);
    expect(await adapter.getPendingInbound()).toEqual([]);
    expect(await adapter.countMemories(channelId, false, 'messages')).toBe(4); // two messages, two replies
    expect(bus.participants(channelId)).toEqual([agentId]);
    await runtime.stop();
  });

  it('leaves pending entries alone when attached with recover: false', async () => {
    const adapter = new InMemoryDatabaseAdapter(agentId);
    const channelId = randomUuid();
    const left = busMessage(channelId, 'owned by another process');
    await adapter.acceptInbound({ messageId: left.id, roomId: channelId, body: { ...left } });
    const runtime = new AgentRuntime({
      character: structuredClone(testCharacter),
      agentId,
      adapter,
      logger: createLogger({ level: 'silent' }),
    });
    await runtime.initialize();
    runtime.messageService = recordingPipeline();
    await MessageBusService.attach(runtime, new MessageBus(runtime.logger), { recover: false });
    await new Promise((resolve) => setImmediate(resolve));
    expect((await adapter.getPendingInbound()).map((e) => e.messageId)).toEqual([left.id]);
    await runtime.stop();
  });

  it('keeps the memory policy: with DISABLE_MEMORY_CREATION the entry is kept and the message is not stored', async () => {
    const adapter = new InMemoryDatabaseAdapter(agentId);
    const { runtime, pipeline, bus } = await agentOn(adapter, { settings: { DISABLE_MEMORY_CREATION: 'true' } });
    const accept = jest.spyOn(adapter, 'acceptInbound');
    const channelId = randomUuid();
    bus.join(channelId, agentId);
    const sent = busMessage(channelId, 'private');
    await bus.publish(sent);
    expect(accept).toHaveBeenCalledWith(expect.objectContaining({ messageId: sent.id }), undefined);
    expect(pipeline.received[0].options.messageStored).toBe(false);
    await runtime.stop();
  });

  it('stamps the messages of a room in arrival order, strictly, even within one millisecond', async () => {
    const adapter = new InMemoryDatabaseAdapter(agentId);
    const { runtime, pipeline, bus } = await agentOn(adapter);
    const channelId = randomUuid();
    bus.join(channelId, agentId);
    const at = Date.now() + 60_000;
    await Promise.all(['a', 'b', 'c'].map((text) => bus.publish(busMessage(channelId, text, { createdAt: at }))));
    expect(pipeline.received.map((r) => [r.message.content.text, r.message.createdAt])).toEqual([
      ['a', at],
      ['b', at + 1],
      ['c', at + 2],
    ]);
    await runtime.stop();
  });

  it("hands a room's messages to the pipeline in arrival order when their acceptances commit in another order", async () => {
    const adapter = new InMemoryDatabaseAdapter(agentId);
    const { runtime, pipeline, bus } = await agentOn(adapter);
    const channelId = randomUuid();
    bus.join(channelId, agentId);
    // A database server answering the first acceptance last (as PostgreSQL batches can): later ones commit first.
    const delays = [30, 20, 10, 0];
    const accept = jest.spyOn(adapter, 'acceptInbound');
    accept.mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, delays.shift() ?? 0));
      return InMemoryDatabaseAdapter.prototype.acceptInbound.apply(adapter, args);
    });
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((text) => bus.publish(busMessage(channelId, text))));
    expect(results.map(([result]) => result?.mode)).toEqual(['simple', 'simple', 'simple', 'simple']);
    expect(pipeline.received.map((r) => r.message.content.text)).toEqual(['a', 'b', 'c', 'd']);
    const stamps = pipeline.received.map((r) => r.message.createdAt as number);
    expect([...stamps].sort((x, y) => x - y)).toEqual(stamps);
    await runtime.stop();
  });

  it('works without an inbox (a foreign adapter): no durability, one warning, every message answered', async () => {
    const adapter = new InMemoryDatabaseAdapter(agentId);
    Object.assign(adapter, {
      acceptInbound: undefined,
      markInboundAnswered: undefined,
      getPendingInbound: undefined,
      getRepliesTo: undefined,
    });
    const capture = createCapturingLogger('warn');
    const { runtime, pipeline, bus } = await agentOn(adapter, { logger: capture.logger });
    const channelId = randomUuid();
    bus.join(channelId, agentId);
    const [one] = await bus.publish(busMessage(channelId, 'one'));
    const [two] = await bus.publish(busMessage(channelId, 'two'));
    expect([one?.replies[0]?.content.text, two?.replies[0]?.content.text]).toEqual(['echo one', 'echo two']);
    expect(pipeline.received.map((r) => r.options.messageStored)).toEqual([false, false]);
    expect(capture.messages('warn').filter((m) => m.includes('has no inbox'))).toHaveLength(1);
    await runtime.stop();
  });
});
