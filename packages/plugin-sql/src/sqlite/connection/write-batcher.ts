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
}

/** How long a deferred job may wait before it is committed. */
export const DEFAULT_DEFER_MS = 25;
/**
 * Deferred jobs join a commit once this many wait, or once the commit is a
 * group commit anyway (GROUP_COMMIT_JOBS), or when their time is up. Their rows then
 * share pages: in a one-room conversation, a run log and a vector per message
 * riding along with every commit added about five WAL pages to each (~10 µs
 * apiece). Concurrent rooms make large commits already, and holding their
 * upkeep back only kept more objects alive (peak RSS +10 MB).
 */
export const DEFAULT_RIDE_ALONG_AT = 16;
/** A commit of this many jobs is a group commit: deferred jobs always join it. */
const GROUP_COMMIT_JOBS = 3;

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
 * Deferred jobs (background upkeep such as storing an embedding or a run
 * log) do not start a commit of their own: they join a commit once
 * `rideAlongAt` of them wait or a group commit comes, and commit on their
 * own after `deferMs` otherwise. In a conversation that saves a commit per
 * turn, and several pages per commit.
 */
export class WriteBatcher {
  private queue: Job[] = [];
  private deferred: Job[] = [];
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly target: BatchTarget,
    private readonly deferMs = DEFAULT_DEFER_MS,
    private readonly rideAlongAt = DEFAULT_RIDE_ALONG_AT,
  ) {}

  /** Jobs that a read must commit first (deferred ones are not acknowledged yet, so reads need not wait). */
  get pending(): number {
    return this.queue.length;
  }

  get deferredCount(): number {
    return this.deferred.length;
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
      this.timer ??= setTimeout(() => this.flush(true), this.deferMs);
    });
  }

  // A read may have committed the queue already; deferred jobs alone wait for their own timer.
  private readonly scheduledFlush = (): void => {
    this.scheduled = false;
    if (this.queue.length > 0) this.flush();
  };

  /**
   * Commits every queued job now, with the deferred ones when `all` is set or
   * enough of them wait (see rideAlongAt).
   */
  flush(all = false): void {
    const withDeferred =
      this.deferred.length > 0 &&
      (all || this.deferred.length >= this.rideAlongAt || this.queue.length >= GROUP_COMMIT_JOBS);
    const jobs = withDeferred ? [...this.deferred, ...this.queue] : this.queue;
    if (jobs.length === 0) return;
    if (withDeferred) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.deferred = [];
    }
    this.queue = [];
    if (jobs.length === 1) return this.runAlone(jobs[0]);
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      this.target.write(() => {
        for (const job of jobs) {
          try {
            outcomes.push({ ok: true, value: this.target.write(job.run) });
          } catch (error) {
            outcomes.push({ ok: false, value: error });
          }
        }
        this.target.afterBatch();
      });
    } catch (error) {
      // BEGIN or COMMIT failed (busy past the timeout, disk full...): nothing was stored.
      for (const job of jobs) job.reject(error);
      return;
    }
    jobs.forEach((job, i) => (outcomes[i].ok ? job.resolve(outcomes[i].value) : job.reject(outcomes[i].value)));
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
