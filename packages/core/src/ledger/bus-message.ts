import type { Memory } from '../types/memory';
import type { MessageProcessingMode } from '../types/messaging';
import { ChannelType, type Content, type Media, type UUID } from '../types/primitives';
import { randomUuid } from '../uuid/uuid';
import { DEFAULT_SERVER_ID } from './default-ids';

/** A message on a message bus, as a client sent it (before any agent made it a Memory). */
export interface BusMessage {
  /** The message's UUID: the idempotency key (a second message with this id is never answered again). */
  id: UUID;
  /** The channel; each agent's room has this id. */
  channelId: UUID;
  /** Groups channels into a world per agent (DEFAULT_SERVER_ID for the REST and WebSocket API). */
  serverId: string;
  authorId: UUID;
  authorName?: string;
  text: string;
  source: string;
  channelType: ChannelType;
  attachments?: Media[];
  /** Only this agent takes it (it must still take part in the channel). */
  targetAgentId?: UUID;
  /** The WebSocket connection it came from, so replies go back there. */
  clientId?: string;
  createdAt: number;
}

/** Whether a stored inbox body is a bus message this version can replay. */
export function isBusMessage(value: unknown): value is BusMessage {
  const m = value as Partial<BusMessage> | null;
  return (
    typeof m?.id === 'string' &&
    typeof m.channelId === 'string' &&
    typeof m.authorId === 'string' &&
    typeof m.text === 'string' &&
    typeof m.createdAt === 'number'
  );
}

/** What a client sends, whatever the transport (REST body or WebSocket `send` frame). */
export interface ClientMessage {
  id?: UUID;
  text: string;
  userName?: string;
  source?: string;
  channelType?: ChannelType;
  attachments?: Media[];
}

/** A client's message as a bus message: a fresh id unless it brought one, a DM unless it says otherwise. */
export function toBusMessage(
  sent: ClientMessage,
  route: {
    channelId: UUID;
    authorId: UUID;
    defaultSource: string;
    serverId?: string;
    targetAgentId?: UUID;
    clientId?: string;
  },
): BusMessage {
  return {
    id: sent.id ?? randomUuid(),
    channelId: route.channelId,
    serverId: route.serverId ?? DEFAULT_SERVER_ID,
    authorId: route.authorId,
    authorName: sent.userName,
    text: sent.text,
    source: sent.source ?? route.defaultSource,
    channelType: sent.channelType ?? ChannelType.DM,
    attachments: sent.attachments,
    ...(route.targetAgentId ? { targetAgentId: route.targetAgentId } : {}),
    ...(route.clientId ? { clientId: route.clientId } : {}),
    createdAt: Date.now(),
  };
}

/** What one agent did with a bus message. */
export interface DeliveryResult {
  agentId: UUID;
  /** The bus message id. */
  messageId: UUID;
  /** The agent's memory of the message (`createUniqueUuid(agent, messageId)`). */
  memoryId: UUID;
  roomId: UUID;
  mode: MessageProcessingMode;
  /** True when the message id had been taken before: nothing new was generated. */
  duplicate: boolean;
  /** The agent's replies (an IGNORE decision is a reply with actions ['IGNORE'] and no text). */
  replies: Memory[];
  runId?: UUID;
  error?: string;
}

interface AgentEventBase {
  agentId: UUID;
  channelId: UUID;
  /** The bus message being answered. */
  messageId: UUID;
  clientId?: string;
}

/** What the bus tells clients while agents work. */
export type BusEvent =
  | { type: 'message'; message: BusMessage }
  | (AgentEventBase & { type: 'thinking'; active: boolean })
  | (AgentEventBase & { type: 'chunk'; chunk: string; index: number })
  | (AgentEventBase & { type: 'reply'; content: Content; actionName?: string })
  | (AgentEventBase & { type: 'done'; result: DeliveryResult })
  | (AgentEventBase & { type: 'error'; code: string; message: string })
  | { type: 'cleared'; agentId: UUID; channelId: UUID; deleted: number }
  /** An agent asks the channel's clients to enable or disable input (elizaOS's `sendControlMessage`). */
  | { type: 'control'; agentId: UUID; channelId: UUID; action: string; target?: string };
