import type { UUID } from '@kith/core';
import type { BusEvent, MessageBus } from '@kith/core';
import { CHANNEL_SOURCE } from '../channels/channel-source';
import { toMemoryView } from '../http/memory-view';
import type { ServerFrame } from './ws-protocol';

/** A connected WebSocket client. */
export interface WsClient {
  readonly id: string;
  send(frame: ServerFrame): void;
}

/** A bus event as the frame clients get (null: nothing to send). */
function toFrame(event: BusEvent): ServerFrame | null {
  switch (event.type) {
    case 'message': {
      const { message } = event;
      return {
        type: 'user_message',
        channelId: message.channelId,
        id: message.id,
        entityId: message.authorId,
        ...(message.authorName ? { userName: message.authorName } : {}),
        ...(message.source === CHANNEL_SOURCE ? { fromAgent: true as const } : {}),
        text: message.text,
        createdAt: message.createdAt,
      };
    }
    case 'thinking':
      return {
        type: 'thinking',
        agentId: event.agentId,
        channelId: event.channelId,
        messageId: event.messageId,
        active: event.active,
      };
    case 'chunk':
      return {
        type: 'chunk',
        agentId: event.agentId,
        channelId: event.channelId,
        messageId: event.messageId,
        index: event.index,
        chunk: event.chunk,
      };
    case 'reply':
      return {
        type: 'reply',
        agentId: event.agentId,
        channelId: event.channelId,
        messageId: event.messageId,
        content: event.content,
        ...(event.actionName ? { actionName: event.actionName } : {}),
      };
    case 'done': {
      const { result } = event;
      return {
        type: 'done',
        agentId: event.agentId,
        channelId: event.channelId,
        messageId: event.messageId,
        memoryId: result.memoryId,
        mode: result.mode,
        duplicate: result.duplicate,
        ...(result.runId ? { runId: result.runId } : {}),
        ...(result.error ? { error: result.error } : {}),
        replies: result.replies.map((reply) => toMemoryView(reply)),
      };
    }
    case 'error':
      return {
        type: 'error',
        agentId: event.agentId,
        channelId: event.channelId,
        messageId: event.messageId,
        error: { code: event.code, message: event.message },
      };
    case 'cleared':
      return { type: 'cleared', agentId: event.agentId, channelId: event.channelId, deleted: event.deleted };
    case 'control':
      return {
        type: 'control',
        agentId: event.agentId,
        channelId: event.channelId,
        action: event.action,
        ...(event.target ? { target: event.target } : {}),
      };
  }
}

/**
 * Routes bus events to WebSocket clients: to every client subscribed to the
 * event's channel, and to the client the message came from even if it is
 * not subscribed. A client does not get its own messages echoed back.
 */
export class WsHub {
  private readonly clients = new Map<string, WsClient>();
  private readonly subscribers = new Map<UUID, Set<string>>();
  private readonly stopListening: () => void;
  private readonly stopWatching: () => void;

  constructor(bus: MessageBus) {
    this.stopListening = bus.subscribe((event) => this.route(event));
    // In a fleet, what other servers answer is read back and told here only for channels a client here joined.
    this.stopWatching = bus.watch((channelId) => this.subscribers.has(channelId));
  }

  get size(): number {
    return this.clients.size;
  }

  add(client: WsClient): void {
    this.clients.set(client.id, client);
  }

  remove(clientId: string): void {
    this.clients.delete(clientId);
    for (const [channelId, members] of this.subscribers) {
      members.delete(clientId);
      if (members.size === 0) this.subscribers.delete(channelId);
    }
  }

  subscribe(clientId: string, channelId: UUID): void {
    let members = this.subscribers.get(channelId);
    if (!members) {
      members = new Set();
      this.subscribers.set(channelId, members);
    }
    members.add(clientId);
  }

  unsubscribe(clientId: string, channelId: UUID): void {
    const members = this.subscribers.get(channelId);
    members?.delete(clientId);
    if (members?.size === 0) this.subscribers.delete(channelId);
  }

  close(): void {
    this.stopListening();
    this.stopWatching();
  }

  private route(event: BusEvent): void {
    const frame = toFrame(event);
    if (!frame) return;
    const channelId = event.type === 'message' ? event.message.channelId : event.channelId;
    const origin = event.type === 'message' ? event.message.clientId : 'clientId' in event ? event.clientId : undefined;
    const targets = new Set(this.subscribers.get(channelId) ?? []);
    if (event.type === 'message') {
      if (origin) targets.delete(origin);
    } else if (origin) {
      targets.add(origin);
    }
    for (const id of targets) this.clients.get(id)?.send(frame);
  }
}
