import type { Logger } from '../../logger/logger';
import type { TaskWorker } from '../../types/task';

/** Task workers by name; a second worker of a name replaces the first (logged). */
export class TaskWorkers {
  private readonly workers = new Map<string, TaskWorker>();

  constructor(private readonly logger: Logger) {}

  register(worker: TaskWorker): void {
    if (this.workers.has(worker.name)) this.logger.warn({ worker: worker.name }, `Task worker ${worker.name} replaced`);
    this.workers.set(worker.name, worker);
  }

  get(name: string): TaskWorker | undefined {
    return this.workers.get(name);
  }
}
