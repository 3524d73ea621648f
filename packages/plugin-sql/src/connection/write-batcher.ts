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

/**
 * Group commit: jobs submitted in the same tick (for example by concurrent
 * rooms, or a Promise.all over many createMemory calls) run in one
 * transaction, each inside its own savepoint, so one failing job rejects
 * only its own promise. A job's promise settles after the transaction
 * commits: nothing is acknowledged before it is durable. A lone job costs
 * the same as running it directly.
 */
export class WriteBatcher {
  private queue: Job[] = [];
  private scheduled = false;

  constructor(private readonly target: BatchTarget) {}

  get pending(): number {
    return this.queue.length;
  }

  submit<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => this.flush());
      }
    });
  }

  /** Commits every queued job now (before any other statement, so reads see them). */
  flush(): void {
    this.scheduled = false;
    const jobs = this.queue;
    if (jobs.length === 0) return;
    this.queue = [];
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
}
