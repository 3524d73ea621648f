import type { InboundMessage, InboxAcceptance } from './inbox';
import type { Memory } from './memory';
import type { MessageProcessingMode } from './messaging';
import type { UUID } from './primitives';

/**
 * A fleet: several servers on one database, each room answered by the one
 * server that holds its lease. The message bus talks to a RoomCoordinator
 * (from the database adapter) when one is present; without one (SQLite, a
 * single process) nothing of this runs.
 */

/** What a coordinated acceptance adds to the inbox's: who answers the message. */
export interface CoordinatedAcceptance extends InboxAcceptance {
  /** True: this server holds the room and answers it (schedule the turn); false: another server does (await its outcome). */
  local: boolean;
}

/** An inbox entry as the coordinator orders it. */
export interface CoordinatedEntry {
  seq: number;
  messageId: UUID;
  roomId: UUID;
}

/** How another server (or this one, for a message it did not accept) answered a message. */
export interface FleetOutcome {
  messageId: UUID;
  roomId: UUID;
  /** Known from the server's notice; absent when the outcome was read back from the database (derive it from the replies). */
  mode?: MessageProcessingMode;
  error?: string;
  /** The server that answered. */
  serverId: string;
  /** True when a caller of awaitOutcome on this server was waiting for it (that caller tells its clients). */
  awaited: boolean;
}

/** A streamed piece of a reply produced on another server. */
export interface FleetChunk {
  messageId: UUID;
  roomId: UUID;
  index: number;
  chunk: string;
}

/** A message this server must answer although it did not accept it (accepted by another server, or left by an earlier owner). */
export interface ForwardedMessage {
  /** The inbox entry's body (the bus message as JSON). */
  body: Record<string, unknown>;
  entry: CoordinatedEntry;
  /**
   * True when the entry was pending as this server took the room over: an
   * earlier owner may have stored part of a decision, so the pipeline checks
   * the database instead of trusting the inbox state alone.
   */
  takenOver: boolean;
}

/** What the message bus gives its coordinator. */
export interface RoomCoordinatorHandlers {
  /** Answers a forwarded message (its turn in its room has come); resolves once answered. */
  answer(message: ForwardedMessage): Promise<void>;
  /** A message answered on another server (for this server's waiting callers and watching clients). */
  outcome(outcome: FleetOutcome): void;
  chunk(chunk: FleetChunk): void;
}

/** How this turn ended, told to the fleet with the entry's `answered` commit. */
export interface AnsweredOutcome {
  mode?: MessageProcessingMode;
  error?: string;
}

/** A server of the fleet as this one sees it. */
export interface FleetMember {
  serverId: string;
  host: string;
  pid: number;
  startedAt: number;
  /** When its lease runs out unless it renews it (epoch ms, database clock). */
  expiresAt: number;
}

/** What GET /api/health and the boot report show of the fleet. */
export interface FleetStatus {
  serverId: string;
  leaseMs: number;
  /** Every server seen alive at the last heartbeat, this one included. */
  servers: FleetMember[];
  /** Rooms this server holds for this agent. */
  rooms: number;
  /** Rooms this server took whose lease another server (or this one, earlier) held before, since it started. */
  takeovers?: number;
  /** Rooms this server lost to another while holding them, since it started. */
  leasesLost?: number;
}

/**
 * The fleet side of one agent's message bus (implemented by
 * @kith/plugin-sql on PostgreSQL). Every server accepts any message into
 * the shared inbox; the room's lease holder answers it, in arrival order
 * per room; a decision commits only while the lease that started the turn
 * is still held (fencing), so a server that lost its room cannot answer
 * twice.
 */
export interface RoomCoordinator {
  readonly serverId: string;
  readonly leaseMs: number;
  /** Durably accepts the message (as InboxStore.acceptInbound) and tells who answers it. */
  accept(message: InboundMessage, memory?: Memory): Promise<CoordinatedAcceptance>;
  /** Runs `turn` once every earlier entry of the room known to this server has been answered; rejects with RoomLeaseLostError if the room is lost before it starts. */
  schedule<T>(entry: CoordinatedEntry, turn: () => Promise<T>): Promise<T>;
  /** Marks the entry answered in the same commit as the turn's first decision, if this server still holds the lease it started under (else RoomLeaseLostError), and tells the fleet. */
  markAnswered(entry: CoordinatedEntry, outcome: AnsweredOutcome): Promise<void>;
  /** Resolves once the message is answered (on any server). */
  awaitOutcome(entry: Pick<CoordinatedEntry, 'messageId' | 'roomId'>): Promise<FleetOutcome>;
  /** Passes a streamed chunk to the other servers (best effort). */
  publishChunk(chunk: FleetChunk): void;
  /** Hands forwarded messages and remote outcomes to the bus; returns the function that disconnects. */
  connect(handlers: RoomCoordinatorHandlers): () => void;
  /** Stops taking work and hands this agent's rooms to the fleet at once (a graceful stop). */
  release(): Promise<void>;
  status(): FleetStatus;
}
