import type { InboxAcceptance } from '@kith/core';
import type { UsageRow } from '../../shared/usage/usage-row';
import type { PgMemoryRow } from '../stores/memory-row';

/**
 * A fleet's fence on a decision write: it commits only while `owner` still
 * holds the agent's room at `epoch` (kith_fleet_fence, in the same
 * statement); otherwise the write fails with SQLSTATE KF001.
 */
export interface WriteFence {
  owner: string;
  agentId: string;
  roomId: string;
  epoch: number;
}

/** A memory to insert: its row (seq 0 until committed) and, with pgvector, its vector as text. */
export interface MemoryWrite {
  kind: 'memory';
  row: PgMemoryRow;
  vectorLiteral: string | null;
  fence?: WriteFence;
}

/** A log record: id, agent, entity, room, type, body (JSON text), created_at. */
export interface LogWrite {
  kind: 'log';
  values: [string, string, string, string | null, string, string, number];
}

/** A vector for an existing memory (the embedding service's writes). */
export interface VectorWrite {
  kind: 'vector';
  id: string;
  dimension: number;
  blob: Uint8Array;
  vectorLiteral: string | null;
}

/** An inbox entry moving to `answered` (it commits with the reply written in the same turn). */
export interface AnsweredWrite {
  kind: 'answered';
  agentId: string;
  messageId: string;
  at: number;
  fence?: WriteFence;
  /** A fleet notice (JSON) sent with NOTIFY kith_fleet when the entry moves to answered: delivered at commit, with it. */
  notice?: string;
}

/**
 * An inbound message accepted into the inbox, with its memory (table
 * `messages`) stored only when the entry is new: the bus's acknowledgement
 * waits for its commit. Resolves to an InboxAcceptance.
 */
export interface AcceptWrite {
  kind: 'accept';
  agentId: string;
  messageId: string;
  roomId: string;
  /** The bus message as JSON text. */
  body: string;
  acceptedAt: number;
  memory: PgMemoryRow | null;
  vectorLiteral: string | null;
  /**
   * A fleet server's id: the same statement reads the room's lease, takes it
   * when nobody alive holds it, lists the room's older pending entries and
   * tells the owner when it is another server (see RoomLease).
   */
  lease?: string;
}

/** What a leased acceptance found, for an entry it created: the room's owner and epoch (null: nobody alive) and the seqs pending before it (at most 32). */
export interface RoomLease {
  owner: string | null;
  epoch: number | null;
  before: number[];
}

/**
 * Model calls to add to model_usage day rows: each row is day, room ('' for
 * none), model type, provider, model, then calls, failed calls, input,
 * cached input and output tokens, duration ms, cost, unpriced calls. A
 * batch sums the rows of the same key (an upsert may touch a row once).
 */
export interface UsageWrite {
  kind: 'usage';
  agentId: string;
  rows: UsageRow[];
}

export type { UsageRow };

export type QueuedWrite = MemoryWrite | LogWrite | VectorWrite | AnsweredWrite | AcceptWrite | UsageWrite;

/** What an accept write resolves to (with `lease` for a leased one that created its entry). */
export type AcceptResult = InboxAcceptance & { lease?: RoomLease };

/** A vector update as committed, with what the caches need of its memory. */
export interface StoredVector {
  seq: number;
  id: string;
  agentId: string;
  type: string;
  roomId: string;
  worldId: string | null;
  entityId: string;
  unique: boolean;
  dimension: number;
  blob: Uint8Array;
}

/** What a committed batch did: applied to the caches before any promise settles. */
export interface CommittedBatch {
  inserted: PgMemoryRow[];
  vectors: StoredVector[];
}

/** The writes of one batch, by kind, in submission order. */
export interface BatchWrites {
  memories: MemoryWrite[];
  logs: LogWrite[];
  vectors: VectorWrite[];
  answered: AnsweredWrite[];
  accepts: AcceptWrite[];
  usage: UsageWrite[];
}

export function groupWrites(writes: readonly QueuedWrite[]): BatchWrites {
  const groups: BatchWrites = { memories: [], logs: [], vectors: [], answered: [], accepts: [], usage: [] };
  for (const write of writes) {
    if (write.kind === 'memory') groups.memories.push(write);
    else if (write.kind === 'log') groups.logs.push(write);
    else if (write.kind === 'vector') groups.vectors.push(write);
    else if (write.kind === 'answered') groups.answered.push(write);
    else if (write.kind === 'usage') groups.usage.push(write);
    else groups.accepts.push(write);
  }
  return groups;
}
