import type { Logger } from '../../logger/logger';

/**
 * Listeners told after each task write through the runtime, so a scheduler
 * can wake for the next due time instead of polling. A throwing listener is
 * logged and does not fail the write.
 */
export class TaskChangeListeners {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly logger: Logger) {}

  /** Returns the unsubscribe function. */
  add(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Awaits a task write, then tells every listener; the write's result passes through. */
  async after<T>(write: Promise<T>): Promise<T> {
    const result = await write;
    this.notify();
    return result;
  }

  notify(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (error) {
        this.logger.error({ err: error }, 'A task-change listener threw');
      }
    }
  }
}
