import type { UUID } from '../../../types/primitives';
import type { MessageStreamEventName } from '../constants/message-stream-event';

// The elizaOS server's messages to its web client. Kith's server speaks its
// own protocol; these exist so plugins and clients that declare them compile.

/** elizaOS's name for a MESSAGE_STREAM_EVENT value. */
export type MessageStreamEventType = MessageStreamEventName;

/** A chunk of a reply being streamed (`messageStreamChunk`). */
export interface MessageStreamChunkPayload {
  messageId: UUID;
  chunk: string;
  /** 0 for the first chunk. */
  index: number;
  channelId: string;
  agentId: UUID;
}

/** A streamed reply that failed (`messageStreamError`), with what was generated before. */
export interface MessageStreamErrorPayload {
  messageId: UUID;
  channelId: string;
  agentId: UUID;
  error: string;
  partialText?: string;
}

/** Tells a client's chat window to disable or enable its input. */
export interface ControlMessage {
  type: 'control';
  payload: {
    action: 'disable_input' | 'enable_input';
    target?: string;
    [key: string]: unknown;
  };
  roomId: UUID;
}
