import type { Memory } from './memory';
import type { UUID } from './primitives';

/**
 * Where an inbound message is in its life: `accepted` once it is durable
 * (the client may be told so), `answered` once the pipeline is done with it
 * (a reply, an IGNORE, a discarded or a failed turn alike).
 */
export type InboxState = 'accepted' | 'answered';

/** One row of an agent's durable inbox. */
export interface InboxEntry {
  /** The message's id as its client sent it (the bus message id): unique per agent. */
  messageId: UUID;
  roomId: UUID;
  /** Arrival order: strictly increasing across the inbox (a later acceptance has a larger seq). */
  seq: number;
  /** The message as JSON (the message bus stores its BusMessage); null once answered. */
  body: Record<string, unknown> | null;
  state: InboxState;
  /** Epoch ms. */
  acceptedAt: number;
  answeredAt: number | null;
}

/** What `acceptInbound` is given. */
export interface InboundMessage {
  messageId: UUID;
  roomId: UUID;
  body: Record<string, unknown>;
  /** Epoch ms; now when absent. */
  acceptedAt?: number;
}

/** What `acceptInbound` did. */
export interface InboxAcceptance {
  /** The entry as stored: the new one, or the one an earlier acceptance of this id left. */
  entry: InboxEntry;
  /** False when this agent had accepted the message id before (nothing was written). */
  created: boolean;
  /** True when the memory given was stored by this call (false when none was given or its id was stored already). */
  stored: boolean;
}

/** `getPendingInbound` filters. */
export interface PendingInboundParams {
  roomId?: UUID;
  /** At most this many (oldest first). */
  limit?: number;
}

/**
 * The inbox part of the adapter contract (all optional: an adapter without
 * it still works, the message bus then acknowledges without durability).
 */
export interface InboxStore {
  /**
   * Records the message as accepted, and stores `memory` (in table
   * `messages`) in the same transaction when given; resolves once both are
   * committed. Idempotent on (agent, messageId): a second call writes
   * nothing and returns the first entry with `created: false`.
   */
  acceptInbound(message: InboundMessage, memory?: Memory): Promise<InboxAcceptance>;
  /** Moves an accepted entry to `answered` (and drops its body). False when there was no accepted entry of that id. */
  markInboundAnswered(messageId: UUID): Promise<boolean>;
  /** This agent's accepted (not yet answered) entries, oldest first (by seq). */
  getPendingInbound(params?: PendingInboundParams): Promise<InboxEntry[]>;
}

/** Names of the optional inbox, reply-lookup and fleet members of IDatabaseAdapter (not forwarded by the runtime). */
export type OptionalDatabaseMethodName =
  keyof InboxStore | 'getRepliesTo' | 'roomCoordinator' | 'channels' | 'claimTask';
