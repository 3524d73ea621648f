import type { ForwardedMessage } from '@kith/core';

/** One entry waiting for its turn in a room this server holds. */
export interface QueuedEntry {
  seq: number;
  messageId: string;
  /** A message accepted here: its turn (absent while the acceptance has not scheduled it yet: the room waits). */
  run?: () => Promise<unknown>;
  resolve?: (value: unknown) => void;
  reject?: (error: unknown) => void;
  /** A message accepted elsewhere (or left by an earlier owner): handed to the bus. */
  forwarded?: ForwardedMessage;
}

/** Entries answered here recently, per room (enough to recognise the ones a snapshot still saw pending). */
const DONE_KEPT = 256;

/**
 * The entries of one room this server holds, answered one at a time in
 * inbox order (seq). Entries accepted here come with the seqs still pending
 * before them; when one of those is unknown here (accepted by another server
 * whose notice has not arrived), or a notice or a takeover says so, the
 * room's pending entries are read from the database before the next turn.
 */
export class RoomQueue {
  epoch: number;
  private readonly entries: QueuedEntry[] = [];
  private readonly known = new Set<number>();
  private readonly done: number[] = [];
  private readonly doneSet = new Set<number>();
  /** The pending entries must be read before the next turn. */
  stale = false;
  /** The next read is the first since this server took the room over from another: what it finds is marked taken over. */
  takeover = false;
  running = false;
  /** When this server took the room at this epoch (performance.now()): a list of held rooms read before then may not show it yet. */
  readonly heldAt = performance.now();

  constructor(epoch: number) {
    this.epoch = epoch;
  }

  get size(): number {
    return this.entries.length;
  }

  /** Whether this seq is queued, running or was answered here. */
  has(seq: number): boolean {
    return this.known.has(seq) || this.doneSet.has(seq);
  }

  /**
   * Queues an entry; false when its seq is known already. A turn accepted
   * here replaces its placeholder (see reserve), or a queued copy of the
   * same entry read from the database; once such a copy runs or ran, the
   * caller awaits its outcome instead.
   */
  add(entry: QueuedEntry): boolean {
    if (entry.run) {
      const queued = this.entries.findIndex((waiting) => waiting.seq === entry.seq);
      if (queued >= 0) {
        this.entries[queued] = entry;
        return true;
      }
    }
    if (this.has(entry.seq)) return false;
    this.known.add(entry.seq);
    let at = this.entries.length;
    while (at > 0 && this.entries[at - 1].seq > entry.seq) at -= 1;
    this.entries.splice(at, 0, entry);
    return true;
  }

  /** Holds the place of an entry accepted here until its turn is scheduled (reads of the room skip it meanwhile). */
  reserve(seq: number, messageId: string): void {
    this.add({ seq, messageId });
  }

  /** Notes seqs the database says are pending here; true when one is unknown (a read is due). */
  expect(seqs: readonly number[]): boolean {
    if (seqs.some((seq) => !this.has(seq))) this.stale = true;
    return this.stale;
  }

  peek(): QueuedEntry | undefined {
    return this.entries[0];
  }

  next(): QueuedEntry | undefined {
    return this.entries.shift();
  }

  /** An entry answered here whose commit failed: a later read takes it again. */
  forget(seq: number): void {
    this.doneSet.delete(seq);
  }

  finished(seq: number): void {
    this.known.delete(seq);
    this.doneSet.add(seq);
    this.done.push(seq);
    if (this.done.length > DONE_KEPT) this.doneSet.delete(this.done.shift() as number);
  }

  /** Empties the queue (the room was lost): what was waiting is returned. */
  drain(): QueuedEntry[] {
    const waiting = this.entries.splice(0);
    for (const entry of waiting) this.known.delete(entry.seq);
    return waiting;
  }
}
