import type { Content } from '../types/primitives';
import type { DeliveryResult } from './bus-message';

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
  /** Whether a later message of the room has arrived (the turn may give way to it). */
  superseded?: () => boolean;
  onChunk?: (chunk: string, index: number) => void;
}
