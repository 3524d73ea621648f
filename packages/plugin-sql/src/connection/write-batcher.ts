interface Job {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What the batcher needs of a connection. */
export interface BatchTarget {
  write<T>(fn: () => T): T;
  /** Runs inside each batch's transaction, after the jobs (e.g. amortised index upkeep). */
  afterBatch(): void;
  /** Opens a write transaction that stays open until commit() or rollback(). */
  begin(): void;
  commit(): void;
  /** Undoes the open transaction (if any) and anything derived from it. */
  rollback(): void;
}

interface Outcome {
  job: Job;
  ok: boolean;
  value: unknown;
}

/** How long a deferred job may wait for another commit to ride along with. */
export const DEFAULT_DEFER_MS = 25;

/**
 * Group commit: jobs submitted in the same turn of the event loop (for
 * example by concurrent rooms, or a Promise.all over many createMemory
 * calls) run in one transaction, each inside its own savepoint, so one
 * failing job rejects only its own promise. A job's promise settles after
 * the transaction commits: nothing is acknowledged before it is durable.
 * The commit happens in the loop's check phase (setImmediate), after the
 * turn's other callbacks and promise jobs: committing at the next microtask
 * instead gave ten rooms answering at once a commit per write (2,082 for
 * 1,000 messages) where this gives one per turn of the loop (about 400).
 * A lone job costs the same as running it directly.
 *
 * Deferred jobs (background upkeep such as storing an embedding) do not
 * start a commit of their own: they join the next one, or commit on their
 * own after `deferMs`. In a conversation that saves a commit per turn.
 */
export class WriteBatcher {
  private queue: Job[] = [];
  private deferred: Job[] = [];
  /** Jobs run ahead of the commit (for a read), in a transaction left open until it; null when none is open. */
  private early: Outcome[] | null = null;
  private running = false;
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly target: BatchTarget,
    private readonly deferMs = DEFAULT_DEFER_MS,
  ) {}

  /** Jobs that a read must commit first (deferred ones are not acknowledged yet, so reads need not wait). */
  get pending(): number {
    return this.queue.length;
  }

  get deferredCount(): number {
    return this.deferred.length;
  }

  /** Whether jobs ran ahead of their commit, in a transaction still open. */
  get isOpen(): boolean {
    return this.early !== null;
  }

  /** Whether the batcher is running jobs right now (their own writes nest inside). */
  get isRunningJobs(): boolean {
    return this.running;
  }

  /**
   * Runs the queued jobs now, inside a transaction left open until the
   * scheduled commit, so a read sees them without paying for a commit of
   * their own. Their promises still settle only after that commit. A DM turn
   * stores the incoming message, reads the room, and stores the reply: one
   * commit instead of two.
   */
  executeQueued(): void {
    if (this.queue.length === 0) return;
    const jobs = this.queue;
    this.queue = [];
    if (this.early === null) {
      try {
        this.target.begin();
      } catch (error) {
        for (const job of jobs) job.reject(error);
        return;
      }
      this.early = [];
    }
    this.runJobs(jobs, this.early);
  }

  submit<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.scheduledFlush);
      }
    });
  }

  /** Queues a job for the next commit, at most `deferMs` from now. */
  submitDeferred<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.deferred.push({ run, resolve: resolve as (value: unknown) => void, reject });
      this.timer ??= setTimeout(() => this.flush(), this.deferMs);
    });
  }

  // A read may have committed the queue already; deferred jobs alone wait for their own timer.
  private readonly scheduledFlush = (): void => {
    this.scheduled = false;
    if (this.queue.length > 0 || this.early !== null) this.flush();
  };

  /** Commits every queued job, deferred ones included, now. */
  flush(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const jobs = this.deferred.length === 0 ? this.queue : [...this.deferred, ...this.queue];
    this.queue = [];
    this.deferred = [];
    if (this.early !== null) return this.commitOpen(jobs);
    if (jobs.length === 0) return;
    if (jobs.length === 1) return this.runAlone(jobs[0]);
    const outcomes: Outcome[] = [];
    try {
      this.target.write(() => {
        this.runJobs(jobs, outcomes);
        this.target.afterBatch();
      });
    } catch (error) {
      // BEGIN or COMMIT failed (busy past the timeout, disk full...): nothing was stored.
      for (const job of jobs) job.reject(error);
      return;
    }
    settle(outcomes);
  }

  /** Runs the remaining jobs in the open transaction and commits it with those that ran early. */
  private commitOpen(jobs: Job[]): void {
    const outcomes = this.early ?? [];
    this.early = null;
    try {
      this.runJobs(jobs, outcomes);
      this.target.afterBatch();
      this.target.commit();
    } catch (error) {
      // COMMIT failed (disk full...): nothing of this transaction was stored.
      this.target.rollback();
      for (const outcome of outcomes) outcome.job.reject(error);
      return;
    }
    settle(outcomes);
  }

  /** Each job in its own savepoint of the open transaction. */
  private runJobs(jobs: Job[], into: Outcome[]): void {
    this.running = true;
    try {
      for (const job of jobs) {
        try {
          into.push({ job, ok: true, value: this.target.write(job.run) });
        } catch (error) {
          into.push({ job, ok: false, value: error });
        }
      }
    } finally {
      this.running = false;
    }
  }

  // A lone job needs no savepoint: if it fails, rolling back the transaction undoes only its work.
  private runAlone(job: Job): void {
    let value: unknown;
    try {
      value = this.target.write(() => {
        const result = job.run();
        this.target.afterBatch();
        return result;
      });
    } catch (error) {
      job.reject(error);
      return;
    }
    job.resolve(value);
  }
}

function settle(outcomes: Outcome[]): void {
  for (const { job, ok, value } of outcomes) {
    if (ok) job.resolve(value);
    else job.reject(value);
  }
}
