import { EMBEDDING_DIMENSIONS } from '../../shared/vectors/embedding-dimensions';
import type { PgMemoryRow } from '../stores/memory-row';
import { vectorColumn } from '../vectors/pgvector-columns';
import type { PgQueryRunner } from './pg-driver';

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

export type QueuedWrite = MemoryWrite | LogWrite | VectorWrite | AnsweredWrite;

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
  /** Turns a failure into the error callers see (connection losses named as such). */
  failure(error: unknown): unknown;
  /** A fleet's fence for a memory write (a turn's decision), if any; asked once, as the write is submitted. */
  fenceOf?(write: MemoryWrite): WriteFence | undefined;
}

/** How long a deferred write (log record, vector) may wait for a batch to ride along with. */
export const DEFER_MS = 25;

/** A row of the batch's answer: m (memory inserted), v (vector stored), a (inbox entry answered). */
type ResultRow = [kind: string, seq: number, id: string | null, agentId: string | null, type: string | null, roomId: string | null, worldId: string | null, entityId: string | null, isUnique: number | null];

/**
 * Write-behind on PostgreSQL: memories, log records and vectors submitted
 * in the same turn of the event loop go to the server as ONE statement
 * (data-modifying CTEs over unnest'ed arrays: a multi-row insert per table),
 * so a batch costs one round trip and one commit whatever it holds. One
 * batch is in flight at a time; what arrives meanwhile forms the next, so
 * under load batches grow instead of round trips multiplying (group commit).
 * A promise settles once its batch committed. If a batch fails, its writes
 * are tried one by one, so a bad one rejects only its own promise. Deferred
 * writes (log records, vectors) ride along with the next batch, or go on
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
    const inserting = new Set(jobs.flatMap((job) => (job.write.kind === 'memory' ? [job.write.row[1]] : [])));
    const now = jobs.filter((job) => job.write.kind !== 'vector' || !inserting.has(job.write.id));
    const later = jobs.filter((job) => !now.includes(job));
    if (later.length > 0) this.deferred.unshift(...later);
    try {
      const outcome = await this.execute(now.map((job) => job.write));
      this.batches += 1;
      this.target.committed(outcome.batch);
      now.forEach((job, i) => job.resolve(outcome.results[i]));
    } catch (error) {
      if (now.length === 1) return now[0].reject(this.target.failure(error));
      // One statement: nothing was stored. Alone, each write shows whether it was the culprit.
      for (const job of now) {
        try {
          const outcome = await this.execute([job.write]);
          this.target.committed(outcome.batch);
          job.resolve(outcome.results[0]);
        } catch (single) {
          job.reject(this.target.failure(single));
        }
      }
    }
  }

  private async execute(writes: QueuedWrite[]): Promise<{ batch: CommittedBatch; results: unknown[] }> {
    const memories = writes.filter((write): write is MemoryWrite => write.kind === 'memory');
    const logs = writes.filter((write): write is LogWrite => write.kind === 'log');
    const vectors = writes.filter((write): write is VectorWrite => write.kind === 'vector');
    const answered = writes.filter((write): write is AnsweredWrite => write.kind === 'answered');
    const fences = [...memories, ...answered].flatMap((write) => (write.fence ? [write.fence] : []));
    const notices = answered.some((write) => write.notice !== undefined);
    const { text, name } = batchStatement(memories.length > 0, logs.length > 0, vectors.length > 0, answered.length > 0, this.target.pgvector, fences.length > 0, notices);
    const values: unknown[] = [this.target.writer];
    if (memories.length > 0) {
      const column = (index: number) => memories.map((write) => write.row[index]);
      values.push(column(1), column(2), column(3), column(4), column(5), column(6), column(7), column(8));
      values.push(memories.map((write) => write.row[9] === 1), column(10), column(11));
      values.push(memories.map((write) => (write.row[12] ? Buffer.from(write.row[12]).toString('hex') : null)));
      if (this.target.pgvector) values.push(memories.map((write) => write.vectorLiteral));
    }
    if (logs.length > 0) {
      for (let i = 0; i < 7; i++) values.push(logs.map((write) => write.values[i]));
    }
    if (vectors.length > 0) {
      values.push(vectors.map((write) => write.id), vectors.map((write) => write.dimension));
      values.push(vectors.map((write) => Buffer.from(write.blob).toString('hex')));
      if (this.target.pgvector) values.push(vectors.map((write) => write.vectorLiteral));
    }
    if (answered.length > 0) {
      values.push(answered.map((write) => write.agentId), answered.map((write) => write.messageId), answered.map((write) => write.at));
      if (notices) values.push(answered.map((write) => write.notice ?? null));
    }
    if (fences.length > 0) {
      values.push(fences[0].owner, fences.map((fence) => fence.agentId), fences.map((fence) => fence.roomId), fences.map((fence) => fence.epoch));
    }
    const { rows } = await this.target.runner.query<ResultRow>({ text, name, values, rowMode: 'array' });
    const insertedSeq = new Map<string, number>();
    const stored = new Map<string, ResultRow>();
    const nowAnswered = new Set<string>();
    for (const row of rows) {
      if (row[0] === 'm') insertedSeq.set(row[2] as string, Number(row[1]));
      else if (row[0] === 'a') nowAnswered.add(`${row[3]}\u0000${row[2]}`);
      else if (row[0] === 'v') stored.set(row[2] as string, row);
    }
    const batch: CommittedBatch = { inserted: [], vectors: [] };
    const results = writes.map((write) => {
      if (write.kind === 'log') return undefined;
      if (write.kind === 'answered') return nowAnswered.delete(`${write.agentId}\u0000${write.messageId}`); // a repeat in the batch: false
      if (write.kind === 'memory') {
        const seq = insertedSeq.get(write.row[1]);
        if (seq !== undefined) {
          insertedSeq.delete(write.row[1]); // the same id twice in a batch: only the first is new
          const row = write.row.slice() as PgMemoryRow;
          row[0] = seq;
          batch.inserted.push(row);
        }
        return write.row[1];
      }
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
    });
    return { batch, results };
  }
}

const statements = new Map<string, { text: string; name: string }>();

/** The batch statement for the kinds of write present (a few dozen shapes at most, each prepared once per connection). */
function batchStatement(
  memories: boolean,
  logs: boolean,
  vectors: boolean,
  answered: boolean,
  pgvector: boolean,
  fenced = false,
  notices = false,
): { text: string; name: string } {
  const key = `${Number(memories)}${Number(logs)}${Number(vectors)}${Number(answered)}${Number(pgvector)}${Number(fenced)}${Number(notices)}`;
  let statement = statements.get(key);
  if (statement) return statement;
  let n = 1;
  const next = (type: string) => `$${++n}::${type}`;
  const asMine = 'WHERE (SELECT set_config(\'kith.writer\', $1, true)) IS NOT NULL';
  const vectorValue = (source: string) =>
    EMBEDDING_DIMENSIONS.map((dims) => `CASE WHEN ${source}.dimension = ${dims} THEN ${source}.vec::vector(${dims}) END`);
  const ctes: string[] = [];
  const selects: string[] = [];
  if (memories) {
    const arrays = ['text', 'text', 'text', 'text', 'text', 'text', 'jsonb', 'jsonb', 'bool', 'int8', 'int4', 'text'].map((type) => next(`${type}[]`));
    const names = ['id', 'agent_id', 'type', 'entity_id', 'room_id', 'world_id', 'content', 'metadata', 'is_unique', 'created_at', 'dimension', 'embedding'];
    if (pgvector) arrays.push(next('text[]')), names.push('vec');
    const columns = [...names.slice(0, 12), ...(pgvector ? EMBEDDING_DIMENSIONS.map(vectorColumn) : [])];
    const picked = [...names.slice(0, 11).map((name) => `u.${name}`), "decode(u.embedding, 'hex')", ...(pgvector ? vectorValue('u') : [])];
    ctes.push(`ins AS (INSERT INTO memories (${columns.join(', ')})
      SELECT ${picked.join(', ')} FROM unnest(${arrays.join(', ')}) AS u(${names.join(', ')}) ${asMine}
      ON CONFLICT (id) DO NOTHING RETURNING seq, id)`);
    selects.push("SELECT 'm', seq, id, NULL, NULL, NULL, NULL, NULL, NULL::int FROM ins");
  }
  if (logs) {
    const arrays = ['text', 'text', 'text', 'text', 'text', 'jsonb', 'int8'].map((type) => next(`${type}[]`));
    ctes.push(`lg AS (INSERT INTO logs (id, agent_id, entity_id, room_id, type, body, created_at) SELECT * FROM unnest(${arrays.join(', ')}))`);
  }
  if (vectors) {
    const arrays = [next('text[]'), next('int4[]'), next('text[]')];
    const names = ['id', 'dimension', 'embedding'];
    if (pgvector) arrays.push(next('text[]')), names.push('vec');
    const sets = ['dimension = v.dimension', "embedding = decode(v.embedding, 'hex')"];
    if (pgvector) vectorValue('v').forEach((value, i) => sets.push(`${vectorColumn(EMBEDDING_DIMENSIONS[i])} = ${value}`));
    ctes.push(`up AS (UPDATE memories m SET ${sets.join(', ')} FROM unnest(${arrays.join(', ')}) AS v(${names.join(', ')})
      ${asMine} AND m.id = v.id
      RETURNING m.seq, m.id, m.agent_id, m.type, m.room_id, m.world_id, m.entity_id, m.is_unique::int)`);
    selects.push("SELECT 'v', seq, id, agent_id, type, room_id, world_id, entity_id, is_unique FROM up");
  }
  if (answered) {
    const arrays = [next('text[]'), next('text[]'), next('int8[]')];
    if (notices) arrays.push(next('text[]'));
    ctes.push(`ans AS (UPDATE inbox i SET state = 'answered', answered_at = a.at, body = NULL
      FROM unnest(${arrays.join(', ')}) AS a(agent_id, message_id, at${notices ? ', notice' : ''})
      WHERE i.agent_id = a.agent_id AND i.message_id = a.message_id AND i.state = 'accepted'
      RETURNING i.message_id, i.agent_id${notices ? ', a.notice' : ''})`);
    selects.push("SELECT 'a', 0::bigint, message_id, agent_id, NULL, NULL, NULL, NULL, NULL::int FROM ans");
    if (notices) {
      // Fleet notices of the entries answered now: sent at commit, so no server hears of an answer that did not commit.
      ctes.push("nt AS (SELECT pg_notify('kith_fleet', notice) FROM ans WHERE notice IS NOT NULL)");
      selects.push("SELECT 'n', count(*)::bigint, NULL, NULL, NULL, NULL, NULL, NULL, NULL::int FROM nt");
    }
  }
  if (fenced) {
    // A turn's decisions commit only under the lease it started with (see WriteFence); the function raises otherwise.
    ctes.push(`fence AS (SELECT kith_fleet_fence(${next('text')}, ${next('text[]')}, ${next('text[]')}, ${next('int8[]')}) AS ok)`);
    selects.push("SELECT 'f', 0::bigint, NULL, NULL, NULL, NULL, NULL, NULL, NULL::int FROM fence WHERE NOT ok");
  }
  // Every shape names $1 (the writer), even one whose writes do not use it.
  selects.push("SELECT 'w', 0::bigint, $1::text, NULL, NULL, NULL, NULL, NULL, NULL::int WHERE false");
  statement = { text: `WITH ${ctes.join(',\n')}\n${selects.join(' UNION ALL ')}`, name: `kith_batch_${key}` };
  statements.set(key, statement);
  return statement;
}
