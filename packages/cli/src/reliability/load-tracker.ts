import type { LoadTransport, MessageRecord } from './load-report';

/** A `done` outcome as the server reports it (frame or 200 body). */
export interface Outcome {
  mode: string;
  duplicate: boolean;
  replyIds: string[];
}

/**
 * Everything the load client learns about its messages: when each was sent,
 * acknowledged and answered, its `reply` frames, and the order in which
 * outcomes arrived per room. Resolves `settled` once every planned message
 * has an outcome or has failed.
 */
export class LoadTracker {
  readonly records = new Map<string, MessageRecord>();
  /** Message ids per room in the order their outcomes arrived. */
  readonly outcomeOrder = new Map<string, string[]>();
  acknowledged = 0;
  private open = 0;
  private readonly closed = new Set<string>();
  private readonly started = performance.now();
  private wake: (() => void) | undefined;
  readonly settled: Promise<void>;

  constructor(private readonly onAck: (acknowledged: number) => void = () => undefined) {
    this.settled = new Promise((resolve) => (this.wake = resolve));
  }

  now(): number {
    return performance.now() - this.started;
  }

  plan(id: string, roomId: string, index: number, transport: LoadTransport): MessageRecord {
    const record: MessageRecord = { id, roomId, index, transport, replyFrames: 0, replyIds: [] };
    this.records.set(id, record);
    this.open += 1;
    return record;
  }

  sent(id: string): void {
    this.get(id).sentAt = this.now();
  }

  acked(id: string): void {
    const record = this.get(id);
    if (record.ackedAt !== undefined) return;
    record.ackedAt = this.now();
    this.acknowledged += 1;
    this.onAck(this.acknowledged);
  }

  reply(id: string): void {
    const record = this.records.get(id);
    if (record) record.replyFrames += 1;
  }

  /**
   * Records an outcome. The `done` frame closes the message (and gives the
   * room's order); a sync POST's 200 body arrives too and only fills in what
   * the frame has not (its time is the POST's latency).
   */
  done(id: string, outcome: Outcome, fromFrame: boolean): void {
    const record = this.records.get(id);
    if (!record || this.closed.has(id)) return;
    if (record.doneAt === undefined) {
      record.doneAt = this.now();
      record.mode = outcome.mode;
      record.duplicate = outcome.duplicate;
      record.replyIds = outcome.replyIds;
    }
    if (!fromFrame) return;
    const order = this.outcomeOrder.get(record.roomId) ?? [];
    order.push(id);
    this.outcomeOrder.set(record.roomId, order);
    this.close(id);
  }

  failed(id: string, error: string): void {
    const record = this.records.get(id);
    if (!record || this.closed.has(id)) return;
    // A sync POST answered before the connection broke still counts as answered.
    if (record.doneAt === undefined) record.error = error;
    this.close(id);
  }

  /** Fails every message of the room still without an outcome (connection lost, server gone). */
  failRoom(roomId: string, error: string): void {
    for (const record of this.records.values()) if (record.roomId === roomId) this.failed(record.id, error);
  }

  failAll(error: string): void {
    for (const record of this.records.values()) this.failed(record.id, error);
  }

  private get(id: string): MessageRecord {
    const record = this.records.get(id);
    if (!record) throw new Error(`unplanned message ${id}`);
    return record;
  }

  private close(id: string): void {
    this.closed.add(id);
    this.open -= 1;
    if (this.open === 0) this.wake?.();
  }
}
