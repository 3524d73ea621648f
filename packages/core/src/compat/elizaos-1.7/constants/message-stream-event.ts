/** Event names of the elizaOS server's message streaming (values as in elizaOS 1.7). */
export const MESSAGE_STREAM_EVENT = {
  messageStreamChunk: 'messageStreamChunk',
  messageStreamError: 'messageStreamError',
  messageBroadcast: 'messageBroadcast',
} as const;

export type MessageStreamEventName = (typeof MESSAGE_STREAM_EVENT)[keyof typeof MESSAGE_STREAM_EVENT];
