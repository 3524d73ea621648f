import type { Content } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import type { BusMessage, DeliveryResult } from './bus-message';
import { agentMemoryId } from './to-agent-memory';

/** What every event of one message's turn carries. */
export interface TurnEvent {
  agentId: BusMessage['channelId'];
  channelId: BusMessage['channelId'];
  messageId: BusMessage['id'];
  clientId?: string;
}

/** The part of a DeliveryResult known before the turn. */
export type ResultBase = Pick<DeliveryResult, 'agentId' | 'messageId' | 'memoryId' | 'roomId'>;

/** What a turn's commit is told: its first decision, or (when it ends) its outcome. */
export interface TurnCommit {
  decision?: Content;
  result?: DeliveryResult;
}

export interface AnswerOptions {
  /** The message is stored with an entry this process created: the pipeline need not look it up. */
  messageStored: boolean;
  /** Starts with the first decision and again when the turn ends; does its work once. Never rejects. */
  commit: (turn: TurnCommit) => Promise<void>;
  onChunk?: (chunk: string, index: number) => void;
}

export function turnEvent(agentId: TurnEvent['agentId'], message: BusMessage): TurnEvent {
  return { agentId, channelId: message.channelId, messageId: message.id, clientId: message.clientId };
}

export function resultBase(runtime: IAgentRuntime, message: BusMessage): ResultBase {
  return {
    agentId: runtime.agentId,
    messageId: message.id,
    memoryId: agentMemoryId(runtime, message.id),
    roomId: message.channelId,
  };
}
