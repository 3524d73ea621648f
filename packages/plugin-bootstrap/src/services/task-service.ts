import { type IAgentRuntime, type Memory, Service, ServiceType, type State, type Task, type UUID } from '@kith/core';

/** Longest a timer may wait (setTimeout overflows past 2^31 - 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Retry delay of a one-shot task whose worker failed or declined; doubles up to the cap. */
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 5 * 60_000;
/** In a fleet, how long a one-shot task claimed by one server is left to it before another may run it. */
const ONE_SHOT_CLAIM_MS = 5 * 60_000;

/**
 * Runs the tasks tagged `queue` (elizaOS semantics): one-shot tasks run
 * once and are deleted; `repeat` tasks run every `metadata.updateInterval`
 * ms (at once when tagged `immediate`); a worker's `validate` is asked
 * first. Instead of polling the database every second, the service sleeps
 * until the next due time and wakes when a task is created, updated or
 * deleted through the runtime. A failing task is logged and kept.
 */
export class TaskService extends Service {
  static override serviceType = ServiceType.TASK;
  capabilityDescription = 'Runs scheduled, repeating and queued tasks';

  private timer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> | null = null;
  private rescanRequested = false;
  private stopped = false;
  /** Tasks executing now; they run concurrently with each other and with scans. */
  private readonly running = new Map<UUID, Promise<void>>();
  private readonly retries = new Map<UUID, { attempts: number; at: number }>();
  private unsubscribe: (() => void) | null = null;

  static override async start(runtime: IAgentRuntime): Promise<TaskService> {
    const service = new TaskService(runtime);
    service.unsubscribe = runtime.onTasksChanged(() => service.requestScan());
    service.requestScan();
    return service;
  }

  /** Scans now (tests and callers that changed tasks behind the runtime's back). */
  scanNow(): Promise<void> {
    this.requestScan();
    return this.scanning ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.clearTimer();
    await this.scanning;
    await Promise.allSettled(this.running.values());
  }

  private requestScan(): void {
    if (this.stopped) return;
    if (this.scanning) {
      this.rescanRequested = true;
      return;
    }
    this.clearTimer();
    this.scanning = this.scan()
      .catch((error: unknown) => {
        this.runtime.logger.error({ err: error }, 'TaskService could not read the task list; retrying shortly');
        this.schedule(Date.now() + RETRY_BASE_MS);
      })
      .finally(() => {
        this.scanning = null;
        if (this.rescanRequested) {
          this.rescanRequested = false;
          this.requestScan();
        }
      });
  }

  private async scan(): Promise<void> {
    const tasks = await this.runtime.getTasks({ tags: ['queue'] });
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    const present = new Set(tasks.map((task) => task.id));
    for (const id of this.retries.keys()) if (!present.has(id)) this.retries.delete(id);
    for (const task of tasks) {
      if (!task.id || this.running.has(task.id) || !this.runtime.getTaskWorker(task.name)) continue;
      const at = this.dueAt(task);
      if (at <= now) this.launch(task);
      else next = Math.min(next, at);
    }
    this.schedule(next);
  }

  private launch(task: Task): void {
    const id = task.id as UUID;
    const run = this.runTask(task).finally(() => {
      this.running.delete(id);
      // The finished task's next due time (or a retry) may be the earliest now.
      this.requestScan();
    });
    this.running.set(id, run);
  }

  /** When the task should run next, in epoch ms. */
  private dueAt(task: Task): number {
    const retry = this.retries.get(task.id as UUID);
    if (retry) return retry.at;
    if (!task.tags.includes('repeat')) return 0;
    const lastRun = typeof task.metadata?.updatedAt === 'number' ? task.metadata.updatedAt : undefined;
    if (lastRun === undefined && task.tags.includes('immediate')) return 0;
    const interval = Math.max(0, Number(task.metadata?.updateInterval ?? 0));
    return (lastRun ?? task.updatedAt ?? 0) + interval;
  }

  private async runTask(task: Task): Promise<void> {
    const id = task.id as UUID;
    const worker = this.runtime.getTaskWorker(task.name);
    if (!worker) return;
    try {
      if (worker.validate && !(await worker.validate(this.runtime, {} as Memory, {} as State))) {
        this.retryLater(task, 'its worker declined to run it now');
        return;
      }
      if (!(await this.claim(task))) {
        this.retryLater(task, 'another server of the fleet runs it');
        return;
      }
      await worker.execute(this.runtime, task.metadata ?? {}, task);
      this.retries.delete(id);
      if (!task.tags.includes('repeat')) {
        await this.runtime.deleteTask(id);
        return;
      }
      // Re-read: the worker may have changed the task (for example its interval).
      const fresh = await this.runtime.getTask(id);
      if (fresh) await this.runtime.updateTask(id, { metadata: { ...fresh.metadata, updatedAt: Date.now() } });
    } catch (error) {
      this.runtime.logger.error(
        { err: error, task: task.name, taskId: id },
        `Task ${task.name} failed; it is kept and will run again`,
      );
      this.retryLater(task, 'it failed');
    }
  }

  /**
   * In a fleet (an adapter with claimTask), takes the right to run the task
   * now, so a repeat task runs once per interval across the servers and a
   * one-shot task once; a single process always may.
   */
  private async claim(task: Task): Promise<boolean> {
    let adapter: IAgentRuntime['adapter'] | undefined;
    try {
      adapter = this.runtime.adapter;
    } catch {
      return true; // no adapter registered (tests): a single process
    }
    if (typeof adapter?.claimTask !== 'function') return true;
    // A queue drain (core's TaskDrain) empties this process's own queue: every server runs its own.
    if (typeof task.metadata?.drainId === 'string') return true;
    const repeat = task.tags.includes('repeat');
    const interval = Math.max(0, Number(task.metadata?.updateInterval ?? 0));
    // A timer may fire a little before a full interval since the last claim: a tenth (at most 100 ms) of slack.
    const intervalMs = repeat ? interval - Math.min(100, interval / 10) : 0;
    return adapter.claimTask(task.id as UUID, { intervalMs, leaseMs: repeat ? 0 : ONE_SHOT_CLAIM_MS });
  }

  private retryLater(task: Task, reason: string): void {
    const id = task.id as UUID;
    const interval = Number(task.metadata?.updateInterval ?? 0);
    const attempts = (this.retries.get(id)?.attempts ?? 0) + 1;
    const delay =
      task.tags.includes('repeat') && interval > 0
        ? interval
        : Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1));
    const at = Date.now() + delay;
    this.retries.set(id, { attempts, at });
    this.runtime.logger.debug({ task: task.name, taskId: id, delay }, `Task ${task.name} deferred because ${reason}`);
  }

  private schedule(at: number): void {
    this.clearTimer();
    if (this.stopped || !Number.isFinite(at)) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, at - Date.now()));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.requestScan();
    }, delay);
    // A waiting task never keeps the process alive on its own.
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
