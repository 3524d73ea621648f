import { createLogger } from '../logger/logger';
import { AgentRuntime } from '../runtime/agent-runtime';
import { InMemoryDatabaseAdapter, testCharacter } from '../testing';
import type { HandlerCallback } from '../types/components';
import type { Memory } from '../types/memory';
import type { IMessageService, MessageProcessingOptions, MessageProcessingResult } from '../types/messaging';
import { type Content, type UUID } from '../types/primitives';
import type {
  AnsweredOutcome,
  CoordinatedAcceptance,
  CoordinatedEntry,
  FleetOutcome,
  FleetStatus,
  InboundMessage,
  RoomCoordinator,
  RoomCoordinatorHandlers,
} from '../types';
import type { IAgentRuntime } from '../types/runtime';
import { randomUuid, stringToUuid } from '../uuid/uuid';
import { MessageLedger } from './message-ledger';
import { replyKeyOf } from './stored-replies';

const agentId = stringToUuid(testCharacter.name);
const USER = stringToUuid('ledger-test-user');

/** A pipeline that stores the message (unless told it is stored), answers with one stored reply, and can be held mid-turn. */
function holdablePipeline() {
  const calls: { message: Memory; options: MessageProcessingOptions }[] = [];
  const gates: (() => void)[] = [];
  let holding = false;
  const pipeline: IMessageService = {
    async handleMessage(
      runtime: IAgentRuntime,
      message: Memory,
      callback?: HandlerCallback,
      options: MessageProcessingOptions = {},
    ): Promise<MessageProcessingResult> {
      calls.push({ message, options });
      if (!options.messageStored && !(await runtime.getMemoryById(message.id as UUID)))
        await runtime.createMemory(message, 'messages');
      if (holding) await new Promise<void>((resolve) => gates.push(resolve));
      const content: Content = {
        text: `echo ${message.content.text}`,
        actions: ['REPLY'],
        simple: true,
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
      await Promise.all([runtime.createMemory(reply, 'messages'), options.commitWithDecision?.(content)]);
      await callback?.(content, 'REPLY');
      return { didRespond: true, mode: 'simple', responseContent: content, responseMessages: [reply] };
    },
  };
  return {
    pipeline,
    calls,
    hold: () => void (holding = true),
    release: () => {
      holding = false;
      for (const open of gates.splice(0)) open();
    },
    waitingTurns: () => gates.length,
  };
}

async function agentOn(adapter = new InMemoryDatabaseAdapter(agentId)) {
  const runtime = new AgentRuntime({
    character: structuredClone(testCharacter),
    agentId,
    adapter,
    logger: createLogger({ level: process.env.LOG_LEVEL ?? 'silent', namespace: 'ledger-test' }),
  });
  await runtime.initialize();
  const held = holdablePipeline();
  runtime.messageService = held.pipeline;
  return { runtime, adapter, ...held };
}

/** A message as an elizaOS connector hands it in: its id derived from the platform's message id. */
function connectorMessage(roomId: UUID, text: string, platformId = randomUuid()): Memory {
  return {
    id: stringToUuid(`discord:${platformId}`),
    entityId: USER,
    roomId,
    content: { text, source: 'discord' },
    createdAt: Date.now(),
  };
}

function recordingCallback() {
  const told: Content[] = [];
  const callback: HandlerCallback = async (content) => {
    told.push(content);
    return [];
  };
  return { told, callback };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('MessageLedger: every way in goes through it', () => {
  it('runtime.messageService is the pipeline behind the ledger; the pipeline itself stays reachable', async () => {
    const { runtime, pipeline } = await agentOn();
    expect(runtime.messageService).not.toBe(pipeline);
    expect(runtime.messagePipeline).toBe(pipeline);
    // Setting the front back (as a plugin that reads and restores the service does) keeps the same pipeline.
    // eslint-disable-next-line no-self-assign -- the setter is what is tested
    runtime.messageService = runtime.messageService;
    expect(runtime.messagePipeline).toBe(pipeline);
  });

  it('takes a connector message durably: its inbox entry and memory are committed before the turn, and answered with it', async () => {
    const { runtime, adapter, calls } = await agentOn();
    const accept = jest.spyOn(adapter, 'acceptInbound');
    const roomId = randomUuid();
    const message = connectorMessage(roomId, 'hello from discord');
    const { told, callback } = recordingCallback();
    const result = await runtime.messageService!.handleMessage(runtime, message, callback);

    expect(result).toMatchObject({ didRespond: true, mode: 'simple' });
    expect(told.map((content) => content.text)).toEqual(['echo hello from discord']);
    expect(accept).toHaveBeenCalledTimes(1);
    expect(accept.mock.calls[0][0]).toMatchObject({ messageId: message.id, roomId, body: { kind: 'memory' } });
    expect(calls[0].options).toMatchObject({ messageStored: true });
    expect(await adapter.getPendingInbound()).toEqual([]);
  });

  it('answers a connector message delivered twice at once once: one turn, one callback', async () => {
    const { runtime, calls } = await agentOn();
    const roomId = randomUuid();
    const platformId = randomUuid();
    const first = recordingCallback();
    const second = recordingCallback();
    const again = await Promise.all([
      runtime.messageService!.handleMessage(runtime, connectorMessage(roomId, 'once', platformId), first.callback),
      runtime.messageService!.handleMessage(runtime, connectorMessage(roomId, 'once', platformId), second.callback),
    ]);
    expect(again.map((r) => r.mode).sort()).toEqual(['duplicate', 'simple']);
    expect(calls).toHaveLength(1);
    expect([...first.told, ...second.told]).toHaveLength(1);
    // Later still, from the ledger's memory: the original replies, no new turn.
    const later = await runtime.messageService!.handleMessage(runtime, connectorMessage(roomId, 'once', platformId));
    expect(later).toMatchObject({ mode: 'duplicate', didRespond: false });
    expect(later.responseMessages.map((m) => m.content.text)).toEqual(['echo once']);
    expect(calls).toHaveLength(1);
  });

  it('runs one room in arrival order, whichever way each message came in, while other rooms go on', async () => {
    const { runtime, calls, hold, release, waitingTurns } = await agentOn();
    const room = randomUuid();
    const other = randomUuid();
    hold();
    const first = runtime.messageService!.handleMessage(runtime, connectorMessage(room, 'first'));
    const second = runtime.elizaOS.handleMessage(runtime, connectorMessage(room, 'second'));
    const elsewhere = runtime.messageService!.handleMessage(runtime, connectorMessage(other, 'elsewhere'));
    await until(() => waitingTurns() === 2);
    expect(calls.map((c) => c.message.content.text)).toEqual(['first', 'elsewhere']);
    release();
    await Promise.all([first, second, elsewhere]);
    expect(calls.map((c) => c.message.content.text)).toEqual(['first', 'elsewhere', 'second']);
    // The later message of the room superseded the first while it waited: the pipeline is told so.
    expect(calls[0].options.superseded?.()).toBe(true);
    expect(calls[2].options.superseded?.()).toBe(false);
    expect(MessageLedger.of(runtime).line.busyRooms).toBe(0);
  });

  it('does not answer a message whose memory was stored and answered before it had an inbox entry', async () => {
    const { runtime, calls } = await agentOn();
    const roomId = randomUuid();
    const message = connectorMessage(roomId, 'answered by an older version');
    await runtime.createMemory(message, 'messages');
    await runtime.createMemory(
      {
        entityId: runtime.agentId,
        roomId,
        content: { text: 'old answer', inReplyTo: replyKeyOf(runtime, message.id as UUID) },
        createdAt: Date.now(),
      },
      'messages',
    );
    const result = await runtime.messageService!.handleMessage(runtime, { ...message });
    expect(result.mode).toBe('duplicate');
    expect(calls).toHaveLength(0);
  });

  it('refuses messages from every way in while the agent is paused', async () => {
    const { runtime, calls } = await agentOn();
    MessageLedger.of(runtime).pause();
    await expect(
      runtime.messageService!.handleMessage(runtime, connectorMessage(randomUuid(), 'paused')),
    ).rejects.toMatchObject({ code: 'KITH_AGENT_NOT_RUNNING' });
    MessageLedger.of(runtime).resume();
    expect((await runtime.messageService!.handleMessage(runtime, connectorMessage(randomUuid(), 'back'))).mode).toBe(
      'simple',
    );
    expect(calls).toHaveLength(1);
  });
});

/**
 * A coordinator that holds every room and lets a test hand a message over
 * as the fleet does after the room was lost and taken back by this server.
 */
function oneServerFleet(adapter: InMemoryDatabaseAdapter) {
  let handlers: RoomCoordinatorHandlers | undefined;
  const waiters = new Map<string, (outcome: FleetOutcome) => void>();
  const answered: string[] = [];
  const coordinator: RoomCoordinator = {
    serverId: 'server-a',
    leaseMs: 1_000,
    async accept(message: InboundMessage, memory?: Memory): Promise<CoordinatedAcceptance> {
      return { ...(await adapter.acceptInbound(message, memory)), local: true };
    },
    schedule: <T>(_entry: CoordinatedEntry, turn: () => Promise<T>) => turn(),
    async markAnswered(entry: CoordinatedEntry, outcome: AnsweredOutcome) {
      answered.push(entry.messageId);
      await adapter.markInboundAnswered(entry.messageId);
      waiters.get(entry.messageId)?.({
        messageId: entry.messageId,
        roomId: entry.roomId,
        ...outcome,
        serverId: 'server-a',
        awaited: true,
      });
    },
    awaitOutcome: (entry) => new Promise((resolve) => waiters.set(entry.messageId, resolve)),
    publishChunk: () => undefined,
    connect(given) {
      handlers = given;
      return () => (handlers = undefined);
    },
    release: async () => undefined,
    status: (): FleetStatus => ({ serverId: 'server-a', leaseMs: 1_000, servers: [], rooms: 0 }),
  };
  adapter.roomCoordinator = coordinator;
  return { answered, handOver: (...args: Parameters<RoomCoordinatorHandlers['answer']>) => handlers!.answer(...args) };
}

describe('MessageLedger on a fleet', () => {
  it('never runs a message twice on one server when its room is lost and taken back within the turn', async () => {
    const adapter = new InMemoryDatabaseAdapter(agentId);
    const fleet = oneServerFleet(adapter);
    const { runtime, calls, hold, release, waitingTurns } = await agentOn(adapter);
    const roomId = randomUuid();
    const message = connectorMessage(roomId, 'only once');
    const { told, callback } = recordingCallback();
    hold();
    const delivered = runtime.messageService!.handleMessage(runtime, message, callback);
    await until(() => waitingTurns() === 1);
    // The room was lost and taken back by this server: the fleet hands the still pending entry over again.
    const [entry] = await adapter.getPendingInbound();
    const handedOver = fleet.handOver({
      body: entry.body as Record<string, unknown>,
      entry: { seq: entry.seq, messageId: entry.messageId, roomId },
      takenOver: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([delivered, handedOver]);
    expect(calls).toHaveLength(1);
    expect(fleet.answered).toEqual([message.id]);
    expect(told).toHaveLength(1);
  });
});
