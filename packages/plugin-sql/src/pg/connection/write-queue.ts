import type { InboxEntry, UUID } from '@kith/core';
import { ENTRY_COLUMNS, type EntryRow, toEntry } from '../stores/inbox-entry-row';
import type { PgMemoryRow } from '../stores/memory-row';
import { type BatchResultRow, buildBatch } from './batch-statement';
import type { PgQueryRunner } from './pg-driver';
import {
  type AcceptResult,
  type AcceptWrite,
  type CommittedBatch,
  groupWrites,
  type MemoryWrite,
  type QueuedWrite,
  type RoomLease,
  type WriteFence,
} from './queued-writes';

export type {
  AcceptResult,
  AcceptWrite,
  AnsweredWrite,
  CommittedBatch,
  LogWrite,
  MemoryWrite,
  QueuedWrite,
  RoomLease,
  StoredVector,
  UsageRow,
  UsageWrite,
  VectorWrite,
  WriteFence,
} from './queued-writes';

interface Job {
  write: QueuedWrite;
  deferred: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What the queue needs of the connection. */
export interface WriteTarget {
  readonly runner: PgQueryRunner;
  /** Marks the batch's changes as this process's own (kith.writer). */
  readonly writer: string;
  readonly pgvector: boolean;
  committed(batch: CommittedBatch): void;
  /** Turns a failure into the error callers see (connection losses named as such, with the adapter method that queued the write). */
  failure(error: unknown, method: string): unknown;
  /** A fleet's fence for a memory write (a turn's decision), if any; asked once, as the write is submitted. */
  fenceOf?(write: MemoryWrite): WriteFence | undefined;
}

/** The adapter method behind each kind of write, for error messages. */
const METHOD: Record<QueuedWrite['kind'], string> = {
  memory: 'createMemory',
  log: 'log',
  vector: 'updateMemory',
  answered: 'markInboundAnswered',
  accept: 'acceptInbound',
  usage: 'logModelUsage',
};

/** How long a deferred write (log record, vector) may wait for a batch to ride along with. */
export const DEFER_MS = 25;

/**
 * Write-behind on PostgreSQL: memories, inbox acceptances and answers, log
 * records and vectors submitted in the same turn of the event loop go to
 * the server as ONE statement (see buildBatch: a multi-row insert per table),
 * so a batch costs one round trip and one commit whatever it holds. One
 * batch is in flight at a time; what arrives meanwhile forms the next, so
 * under load batches grow instead of round trips multiplying (group commit).
 * A promise settles once its batch committed. If a batch fails, its writes
 * are tried one by one, so a bad one rejects only its own promise. Deferred
 * writes (log records, model usage, vectors) ride along with the next batch, or go on
 * their own after DEFER_MS.
 */
export class PgWriteQueue {
  private queue: Job[] = [];
  private deferred: Job[] = [];
  private inFlight: Promise<void> | undefined;
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;
  /** Batches committed (for tests and stats). */
  batches = 0;

  constructor(private readonly target: WriteTarget) {}

  /** Writes still being prepared (a duplicate check before the row is known): reads wait for them too. */
  private preparing = 0;
  private prepared: (() => void)[] = [];

  /** Writes a read must wait for (not yet committed, deferred ones aside). */
  get pending(): boolean {
    return this.queue.length > 0 || this.inFlight !== undefined || this.preparing > 0;
  }

  /**
   * submit() for a write that needs async work first (a read to decide a
   * column): counted as pending from the call on, so a read issued right
   * after it, in the same turn of the event loop, still waits for it.
   */
  async submitPrepared<T>(prepare: () => Promise<QueuedWrite>): Promise<T> {
    this.preparing += 1;
    let write: QueuedWrite;
    try {
      write = await prepare();
    } finally {
      this.preparing -= 1;
      // Queued before the waiters run: a waiter then finds the write in the queue.
      if (this.preparing === 0) queueMicrotask(() => this.prepared.splice(0).forEach((wake) => wake()));
    }
    return this.submit<T>(write);
  }

  submit<T>(write: QueuedWrite, deferred = false): Promise<T> {
    if (write.kind === 'memory' && !write.fence && this.target.fenceOf) write.fence = this.target.fenceOf(write);
    return new Promise<T>((resolve, reject) => {
      const job: Job = { write, deferred, resolve: resolve as (value: unknown) => void, reject };
      if (deferred) {
        this.deferred.push(job);
        this.timer ??= setTimeout(() => {
          this.timer = undefined;
          this.kick();
        }, DEFER_MS);
        return;
      }
      this.queue.push(job);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.kick();
        });
      }
    });
  }

  /** Resolves once every write submitted so far (deferred ones too when `all`) is committed or failed. */
  async settled(all = false): Promise<void> {
    while (this.preparing > 0) await new Promise<void>((wake) => this.prepared.push(wake));
    while (this.inFlight || this.queue.length > 0 || (all && this.deferred.length > 0)) {
      if (!this.inFlight) this.start(all);
      await this.inFlight;
    }
  }

  private kick(): void {
    if (!this.inFlight) this.start(this.queue.length === 0);
  }

  private start(withDeferredOnly: boolean): void {
    const jobs = [...this.deferred, ...this.queue];
    if (jobs.length === 0 || (!withDeferredOnly && this.queue.length === 0)) return;
    this.queue = [];
    this.deferred = [];
    clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight = this.run(jobs).finally(() => {
      this.inFlight = undefined;
      if (this.queue.length > 0) this.start(false);
      else if (this.deferred.length > 0 && !this.timer) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.kick();
        }, DEFER_MS);
      }
    });
  }

  private async run(jobs: Job[]): Promise<void> {
    // A vector for a memory inserted in this same batch waits for the next one (one statement
    // cannot update a row it inserts).
    const inserting = new Set(
      jobs.flatMap((job) =>
        job.write.kind === 'memory'
          ? [job.write.row[1]]
          : job.write.kind === 'accept' && job.write.memory
            ? [job.write.memory[1]]
            : [],
      ),
    );
    const now = jobs.filter((job) => job.write.kind !== 'vector' || !inserting.has(job.write.id));
    const later = jobs.filter((job) => !now.includes(job));
    if (later.length > 0) this.deferred.unshift(...later);
    try {
      const outcome = await this.execute(now.map((job) => job.write));
      this.batches += 1;
      this.target.committed(outcome.batch);
      now.forEach((job, i) => job.resolve(outcome.results[i]));
    } catch (error) {
      if (now.length === 1) return now[0].reject(this.target.failure(error, METHOD[now[0].write.kind]));
      // One statement: nothing was stored. Alone, each write shows whether it was the culprit.
      for (const job of now) {
        try {
          const outcome = await this.execute([job.write]);
          this.target.committed(outcome.batch);
          job.resolve(outcome.results[0]);
        } catch (single) {
          job.reject(this.target.failure(single, METHOD[job.write.kind]));
        }
      }
    }
  }

  private async execute(writes: QueuedWrite[]): Promise<{ batch: CommittedBatch; results: unknown[] }> {
    const query = buildBatch(groupWrites(writes), this.target.pgvector, this.target.writer);
    const { rows } = await this.target.runner.query<BatchResultRow>({ ...query, rowMode: 'array' });
    const insertedSeq = new Map<string, number>();
    const stored = new Map<string, BatchResultRow>();
    const nowAnswered = new Set<string>();
    const acceptedSeq = new Map<string, number>();
    const leases = new Map<string, RoomLease>();
    for (const row of rows) {
      if (row[0] === 'm' || row[0] === 'n') insertedSeq.set(row[2] as string, Number(row[1]));
      else if (row[0] === 'a') nowAnswered.add(`${row[3]}\u0000${row[2]}`);
      else if (row[0] === 'i') acceptedSeq.set(`${row[3]}\u0000${row[2]}`, Number(row[1]));
      else if (row[0] === 'v') stored.set(row[2] as string, row);
      else if (row[0] === 'l') {
        const before = row[5] ? row[5].split(',').map(Number) : [];
        leases.set(`${row[3]}\u0000${row[2]}`, {
          owner: row[4],
          epoch: row[1] === null ? null : Number(row[1]),
          before,
        });
      }
    }
    const batch: CommittedBatch = { inserted: [], vectors: [] };
    /** The row of a memory this batch inserted (null when it was there already); the same id twice: only the first is new. */
    const inserted = (row: PgMemoryRow): PgMemoryRow | null => {
      const seq = insertedSeq.get(row[1]);
      if (seq === undefined) return null;
      insertedSeq.delete(row[1]);
      const copy = row.slice() as PgMemoryRow;
      copy[0] = seq;
      batch.inserted.push(copy);
      return copy;
    };
    const existing: AcceptWrite[] = [];
    const results: unknown[] = writes.map((write) => {
      switch (write.kind) {
        case 'log':
        case 'usage':
          return undefined;
        case 'answered':
          return nowAnswered.delete(`${write.agentId}\u0000${write.messageId}`); // a repeat in the batch: false
        case 'memory':
          inserted(write.row);
          return write.row[1];
        case 'accept': {
          const key = `${write.agentId}\u0000${write.messageId}`;
          const seq = acceptedSeq.get(key);
          if (seq === undefined) {
            existing.push(write);
            return undefined; // filled in below
          }
          acceptedSeq.delete(key);
          const memory = write.memory ? inserted(write.memory) : null;
          const entry: InboxEntry = {
            seq,
            messageId: write.messageId as UUID,
            roomId: write.roomId as UUID,
            body: JSON.parse(write.body) as Record<string, unknown>,
            state: 'accepted',
            acceptedAt: write.acceptedAt,
            answeredAt: null,
          };
          const lease = write.lease === undefined ? undefined : leases.get(key);
          const result: AcceptResult = { entry, created: true, stored: memory !== null, ...(lease ? { lease } : {}) };
          return result;
        }
        case 'vector': {
          const row = stored.get(write.id);
          if (!row) return false;
          batch.vectors.push({
            seq: Number(row[1]),
            id: write.id,
            agentId: row[3] as string,
            type: row[4] as string,
            roomId: row[5] as string,
            worldId: row[6],
            entityId: row[7] as string,
            unique: row[8] === 1,
            dimension: write.dimension,
            blob: write.blob,
          });
          return true;
        }
      }
    });
    // Accepted before (or twice in this batch): the entries as they are now, in a statement of their own (rare).
    if (existing.length > 0) {
      const entries = await this.existingEntries(existing);
      writes.forEach((write, i) => {
        if (write.kind === 'accept' && results[i] === undefined)
          results[i] = {
            entry: entries.get(`${write.agentId}\u0000${write.messageId}`) as InboxEntry,
            created: false,
            stored: false,
          };
      });
    }
    return { batch, results };
  }

  private async existingEntries(accepts: AcceptWrite[]): Promise<Map<string, InboxEntry>> {
    const { rows } = await this.target.runner.query<[agentId: string, ...EntryRow]>({
      text: `SELECT i.agent_id, ${ENTRY_COLUMNS.split(', ')
        .map((column) => `i.${column}`)
        .join(', ')}
        FROM inbox i JOIN unnest($1::text[], $2::text[]) AS k(agent_id, message_id) ON i.agent_id = k.agent_id AND i.message_id = k.message_id`,
      values: [accepts.map((a) => a.agentId), accepts.map((a) => a.messageId)],
      rowMode: 'array',
    });
    return new Map(rows.map(([agentId, ...entry]) => [`${agentId}\u0000${entry[1]}`, toEntry(entry)]));
  }
}
