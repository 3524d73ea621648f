import type { HandlerCallback, StreamChunkCallback } from '../types/components';
import type { Memory } from '../types/memory';
import type { MessageProcessingOptions, MessageProcessingResult } from '../types/messaging';
import type { Content, UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import { type BusMessage, type DeliveryResult, isBusMessage } from './bus-message';
import type { MessageBus } from './message-bus';
import { toAgentMemory } from './to-agent-memory';

/**
 * Who hears how a message is answered: the bus (WebSocket and REST clients)
 * or a connector's callback. Only `reply` must be told; the rest are for
 * clients that show progress.
 */
export interface Teller {
  thinking?(active: boolean): void;
  chunk?(chunk: string, index: number): void;
  reply(content: Content, actionName?: string): Promise<void>;
  done?(result: DeliveryResult): void;
}

/** A message made ready for the ledger: the memory the pipeline takes and the inbox entry's body. */
export interface PreparedIntake {
  memory: Memory;
  body: Record<string, unknown>;
}

/**
 * One message on its way into the ledger, whatever way it came in: the
 * message bus (REST, WebSocket, the terminal chat) or a plugin (a connector
 * emitting MESSAGE_RECEIVED, `runtime.elizaOS.handleMessage`,
 * `runtime.messageService.handleMessage`).
 */
export interface LedgerIntake {
  /** The inbox key: a bus message's id, or a connector memory's id (derived from the platform's message id). */
  readonly messageId: UUID;
  readonly roomId: UUID;
  /** Taken in before (an inbox entry replayed at start, or handed over by the fleet): keeps its stamp. */
  readonly replayed: boolean;
  /** When the message was created (its sender's clock); its arrival stamp starts from it. */
  readonly createdAt?: number;
  readonly teller: Teller;
  /** What the caller asked of the pipeline (connectors may pass a timeout, keepExistingResponses, a chunk callback). */
  readonly options?: MessageProcessingOptions;
  /** Makes sure the sender, room and world exist and builds the memory; `stamp` is its arrival stamp (absent when replayed). */
  prepare(stamp?: number): Promise<PreparedIntake>;
  /** Told the pipeline's own result when this process ran the turn (for `messageService.handleMessage` callers). */
  processed?(result: MessageProcessingResult): void;
}

/** A teller that says nothing (a replayed connector message: its callback died with the process that took it). */
export const silentTeller: Teller = { reply: () => Promise.resolve() };

/** What every bus event of one message's turn carries. */
export interface TurnEvent {
  agentId: UUID;
  channelId: UUID;
  messageId: UUID;
  clientId?: string;
}

/** A teller that tells the bus: the client the message came from and the channel's subscribers. */
export function busTeller(bus: MessageBus, event: TurnEvent): Teller {
  return {
    thinking: (active) => bus.emit({ ...event, type: 'thinking', active }),
    chunk: (chunk, index) => bus.emit({ ...event, type: 'chunk', chunk, index }),
    reply: (content, actionName) => {
      bus.emit({ ...event, type: 'reply', content, actionName });
      return Promise.resolve();
    },
    done: (result) => bus.emit({ ...event, type: 'done', result }),
  };
}

/** A message from the bus. */
export function busIntake(runtime: IAgentRuntime, message: BusMessage, teller: Teller, replayed = false): LedgerIntake {
  return {
    messageId: message.id,
    roomId: message.channelId,
    replayed,
    createdAt: message.createdAt,
    teller,
    async prepare(stamp) {
      const stamped = stamp === undefined ? message : { ...message, createdAt: stamp };
      await runtime.ensureConnection({
        entityId: message.authorId,
        roomId: message.channelId,
        userName: message.authorName,
        name: message.authorName,
        source: message.source,
        type: message.channelType,
        channelId: message.channelId,
        serverId: message.serverId,
      });
      const { clientId: _connection, ...body } = stamped;
      return { memory: toAgentMemory(runtime, stamped), body: { ...body } };
    },
  };
}

/** The inbox body of a message a plugin handed in: its memory, as the pipeline takes it. */
interface MemoryBody {
  kind: 'memory';
  memory: Memory;
}

function isMemoryBody(value: unknown): value is MemoryBody {
  const body = value as Partial<MemoryBody> | null;
  return (
    body?.kind === 'memory' &&
    typeof body.memory?.id === 'string' &&
    typeof body.memory.roomId === 'string' &&
    typeof body.memory.entityId === 'string' &&
    typeof body.memory.content === 'object'
  );
}

/** A teller for a plugin's message: replies go to its callback, chunks to its onStreamChunk. */
export function callbackTeller(callback?: HandlerCallback, onStreamChunk?: StreamChunkCallback): Teller {
  return {
    ...(onStreamChunk ? { chunk: (chunk: string) => void onStreamChunk(chunk) } : {}),
    reply: async (content, actionName) => {
      await callback?.(content, actionName);
    },
  };
}

/**
 * A message a plugin handed in as a memory (connectors have made sure its
 * entity, room and world exist). Its id is the inbox key: elizaOS connectors
 * derive it from the platform's message id, so every server of a fleet that
 * receives the same platform message sees the same id.
 */
export function memoryIntake(
  memory: Memory & { id: UUID },
  teller: Teller,
  options: {
    replayed?: boolean;
    processing?: MessageProcessingOptions;
    processed?: (result: MessageProcessingResult) => void;
  } = {},
): LedgerIntake {
  return {
    messageId: memory.id,
    roomId: memory.roomId,
    replayed: options.replayed ?? false,
    createdAt: memory.createdAt,
    teller,
    options: options.processing,
    processed: options.processed,
    prepare(stamp) {
      const stamped = stamp === undefined ? memory : { ...memory, createdAt: stamp };
      const body: MemoryBody = { kind: 'memory', memory: stamped };
      return Promise.resolve({ memory: stamped, body: body as unknown as Record<string, unknown> });
    },
  };
}

/** An inbox entry's body as an intake (a replay or a fleet hand-over); null when it is unreadable. */
export function intakeOfBody(
  runtime: IAgentRuntime,
  body: unknown,
  tellerFor: (message: { messageId: UUID; roomId: UUID }) => Teller,
): LedgerIntake | null {
  if (isBusMessage(body)) {
    return busIntake(runtime, body, tellerFor({ messageId: body.id, roomId: body.channelId }), true);
  }
  if (isMemoryBody(body)) {
    const memory = body.memory as Memory & { id: UUID };
    return memoryIntake(memory, tellerFor({ messageId: memory.id, roomId: memory.roomId }), { replayed: true });
  }
  return null;
}
