import { AgentNotFoundError } from '../errors/agent-not-found-error';
import { KithError } from '../errors/kith-error';
import type { Logger } from '../logger/logger';
import type { UUID } from '../types/primitives';
import { LruMap } from '../maps/lru-map';
import type { BusEvent, BusMessage, DeliveryResult } from './bus-message';

/**
 * Channels whose participants the bus remembers; the least recently used are
 * forgotten past this (REST messages re-join their agent each time; a
 * WebSocket client is told to join again).
 */
const MAX_CHANNELS = 50_000;

/** The code of an `error` event for a failure that is not a KithError (@kith/server's catalogue lists it). */
const INTERNAL_ERROR_CODE = 'KITH_INTERNAL_ERROR';

/**
 * An agent's end of the bus: takes a message, resolves with what it did
 * (null when it does not take part), and calls `accepted` once the message
 * is durable, before working on it.
 */
export type AgentInbox = (message: BusMessage, accepted: () => void) => Promise<DeliveryResult | null>;

/**
 * The in-process message bus of seed 000. Clients (REST, WebSocket, the
 * terminal chat, platform adapters) publish messages to channels; each
 * agent's MessageBusService takes those of the channels it takes part in and runs them through the agent's pipeline; what
 * agents say flows back as BusEvents to whoever listens (the WebSocket hub
 * routes them to the sending client and the channel's subscribers).
 */
export class MessageBus {
  private readonly channels = new LruMap<UUID, Set<UUID>>(MAX_CHANNELS);
  private readonly inboxes = new Map<UUID, AgentInbox>();
  private readonly listeners = new Set<(event: BusEvent) => void>();
  private readonly watchers = new Set<(channelId: UUID) => boolean>();

  constructor(private readonly logger: Logger) {}

  /** Makes the agent a participant of the channel. */
  join(channelId: UUID, agentId: UUID): void {
    let members = this.channels.get(channelId);
    if (!members) {
      members = new Set();
      this.channels.set(channelId, members);
    }
    members.add(agentId);
  }

  leave(channelId: UUID, agentId: UUID): void {
    const members = this.channels.get(channelId);
    members?.delete(agentId);
    if (members && members.size === 0) this.channels.delete(channelId);
  }

  isParticipant(channelId: UUID, agentId: UUID): boolean {
    return this.channels.get(channelId)?.has(agentId) ?? false;
  }

  participants(channelId: UUID): UUID[] {
    return [...(this.channels.get(channelId) ?? [])];
  }

  /** Connects an agent's inbox; returns the function that disconnects it (and removes it from every channel). */
  attach(agentId: UUID, inbox: AgentInbox): () => void {
    this.inboxes.set(agentId, inbox);
    return () => {
      if (this.inboxes.get(agentId) !== inbox) return;
      this.inboxes.delete(agentId);
      for (const channelId of [...this.channels.keys()]) this.leave(channelId, agentId);
    };
  }

  /**
   * Delivers a message to its target agent (errors such as a stopped agent
   * reject), or to every participant of the channel (a failing agent is
   * reported as an `error` event and left out of the results).
   * `onAccepted` runs once the target (or every participant that takes the
   * message) has it durably: the moment a client may be told "accepted".
   */
  async publish(message: BusMessage, onAccepted: () => void = () => undefined): Promise<DeliveryResult[]> {
    this.emit({ type: 'message', message });
    if (message.targetAgentId) {
      const inbox = this.inboxes.get(message.targetAgentId);
      if (!inbox) throw new AgentNotFoundError(message.targetAgentId);
      const result = await inbox(message, once(onAccepted));
      return result ? [result] : [];
    }
    // No agent receives its own message (in a channel of several agents, an agent's reply is published to the others).
    const targets = this.participants(message.channelId).filter(
      (agentId) => agentId !== message.authorId && this.inboxes.has(agentId),
    );
    // Accepted when every participant has accepted it or is done with it (failed, or not taking part).
    let waiting = targets.length;
    const oneMore = () => {
      waiting -= 1;
      if (waiting === 0) onAccepted();
    };
    const settled = await Promise.allSettled(
      targets.map((agentId) => {
        const accepted = once(oneMore);
        return (this.inboxes.get(agentId) as AgentInbox)(message, accepted).finally(accepted);
      }),
    );
    const results: DeliveryResult[] = [];
    settled.forEach((outcome, index) => {
      const agentId = targets[index];
      if (outcome.status === 'fulfilled') {
        if (outcome.value) results.push(outcome.value);
        return;
      }
      const error: unknown = outcome.reason;
      const code = KithError.isInstance(error) ? error.code : INTERNAL_ERROR_CODE;
      const text = error instanceof Error ? error.message : String(error);
      this.logger.warn(
        { err: error, agentId, channelId: message.channelId },
        `Agent ${agentId} could not take a bus message`,
      );
      this.emit({
        type: 'error',
        agentId,
        channelId: message.channelId,
        messageId: message.id,
        clientId: message.clientId,
        code,
        message: text,
      });
    });
    return results;
  }

  /** Tells every listener; a throwing listener is logged and does not stop the others. */
  emit(event: BusEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ err: error, type: event.type }, 'A message-bus listener threw');
      }
    }
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Registers who watches channels here (the WebSocket hub: channels its
   * clients joined). In a fleet, what another server answered is read back
   * and told on this bus only for channels someone here watches.
   */
  watch(watching: (channelId: UUID) => boolean): () => void {
    this.watchers.add(watching);
    return () => void this.watchers.delete(watching);
  }

  isWatched(channelId: UUID): boolean {
    for (const watching of this.watchers) if (watching(channelId)) return true;
    return false;
  }
}

/** `fn`, callable any number of times, running once. */
function once(fn: () => void): () => void {
  let called = false;
  return () => {
    if (called) return;
    called = true;
    fn();
  };
}
