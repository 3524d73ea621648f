import type { UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import type { Task } from '../types/task';

export interface TaskDrainOptions {
  runtime: IAgentRuntime;
  /** Worker name of the repeat task. Several drains may share one. */
  taskName: string;
  /** Tells drains that share a worker apart (default: taskName). */
  drainId?: string;
  /** Interval while there is work. */
  intervalMs: number;
  /** Cap of the idle backoff (default 8 × intervalMs). */
  maxIdleIntervalMs?: number;
  /** Handles queued work; resolves with how many items it handled. */
  drain: () => Promise<number>;
  /** Set when another drain already registered the shared worker. */
  skipRegisterWorker?: boolean;
}

const registries = new WeakMap<IAgentRuntime, Map<string, TaskDrain>>();

function registryOf(runtime: IAgentRuntime): Map<string, TaskDrain> {
  let registry = registries.get(runtime);
  if (!registry) {
    registry = new Map();
    registries.set(runtime, registry);
  }
  return registry;
}

/**
 * A repeat task (through the runtime's task system) that drains a queue on
 * an interval and backs off while idle. Drains sharing a worker name are
 * told apart by `metadata.drainId`, so only one worker is registered.
 */
export class TaskDrain {
  readonly drainId: string;
  private taskId: UUID | null = null;
  private interval: number;
  private disposed = false;
  private running: Promise<number> | null = null;
  private again = false;

  constructor(private readonly options: TaskDrainOptions) {
    this.drainId = options.drainId ?? options.taskName;
    this.interval = options.intervalMs;
  }

  get intervalMs(): number {
    return this.interval;
  }

  get id(): UUID | null {
    return this.taskId;
  }

  async start(): Promise<void> {
    const { runtime, taskName } = this.options;
    registryOf(runtime).set(this.drainId, this);
    if (!this.options.skipRegisterWorker) {
      runtime.registerTaskWorker({
        name: taskName,
        execute: async (rt, _options, task) => {
          const id = typeof task.metadata?.drainId === 'string' ? task.metadata.drainId : taskName;
          await registryOf(rt).get(id)?.tick();
        },
      });
    }
    const existing = (await runtime.getTasksByName(taskName)).find(
      (t) => (t.metadata?.drainId ?? taskName) === this.drainId,
    );
    if (existing?.id) {
      this.taskId = existing.id;
      await this.setInterval(this.options.intervalMs, true);
      return;
    }
    const task: Task = {
      name: taskName,
      description: `Drains the ${this.drainId} queue`,
      tags: ['queue', 'repeat'],
      metadata: { updateInterval: this.interval, drainId: this.drainId, maxFailures: -1 },
    };
    this.taskId = await runtime.createTask(task);
  }

  /**
   * One drain pass. A tick during a pass shares it and asks for one more
   * pass after it, so work that arrived late in the pass is never left for
   * the next interval. Only scheduled passes (the task worker's) back off
   * when idle: a pass asked for on demand (new work) that finds the queue
   * already drained says nothing about idleness, and persisting a flapping
   * interval would cost a task write per message.
   */
  tick(reason: 'scheduled' | 'demand' = 'scheduled'): Promise<number> {
    if (this.disposed) return Promise.resolve(0);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass(reason).finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
    return this.running;
  }

  /**
   * A pass asked for by new work, from code that does not wait for it. A
   * failing pass (the database away for a moment) is logged, never left as
   * an unhandled rejection, which would end the process; the next pass
   * retries.
   */
  nudge(): void {
    this.tick('demand').catch((error: unknown) =>
      this.options.runtime.logger.warn(
        { err: error, drainId: this.drainId },
        'A queue drain pass failed; the next pass retries',
      ),
    );
  }

  private async pass(reason: 'scheduled' | 'demand'): Promise<number> {
    const handled = await this.options.drain();
    const max = this.options.maxIdleIntervalMs ?? this.options.intervalMs * 8;
    if (handled > 0) await this.setInterval(this.options.intervalMs);
    else if (reason === 'scheduled') await this.setInterval(Math.min(max, this.interval * 2));
    return handled;
  }

  private async setInterval(next: number, force = false): Promise<void> {
    if (!force && next === this.interval) return;
    this.interval = next;
    if (this.taskId && !this.disposed) {
      await this.options.runtime.updateTask(this.taskId, {
        metadata: { updateInterval: next, drainId: this.drainId, maxFailures: -1 },
      });
    }
  }

  /** Removes the task; a pass already running finishes (it is not cancelled). */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    registryOf(this.options.runtime).delete(this.drainId);
    if (this.taskId) await this.options.runtime.deleteTask(this.taskId);
    this.taskId = null;
  }
}
