import { AsyncLocalStorage } from 'node:async_hooks';
import type { UUID } from '../../types/primitives';
import { randomUuid } from '../../uuid/uuid';

export interface RunContext {
  runId: UUID;
  roomId?: UUID;
  startedAt: number;
  /** Set when the run ends; an ended run is no longer current. */
  ended?: boolean;
}

/**
 * Run ids follow the async context, so concurrent rooms never share or
 * overwrite each other's run (elizaOS kept one field per runtime).
 */
export class RunTracker {
  private readonly storage = new AsyncLocalStorage<RunContext>();
  private readonly endListeners: ((runId: UUID) => void)[] = [];

  createRunId(): UUID {
    return randomUuid();
  }

  /** Starts a run for the rest of the current async context. */
  start(roomId?: UUID): UUID {
    const context: RunContext = { runId: randomUuid(), roomId, startedAt: Date.now() };
    this.storage.enterWith(context);
    return context.runId;
  }

  /** Runs `fn` inside a new run and ends it afterwards. */
  async within<T>(roomId: UUID | undefined, fn: (runId: UUID) => Promise<T>): Promise<T> {
    const context: RunContext = { runId: randomUuid(), roomId, startedAt: Date.now() };
    try {
      return await this.storage.run(context, () => fn(context.runId));
    } finally {
      this.finish(context);
    }
  }

  /** Ends the current run: it stops being current (elizaOS cleared its field) and its listeners fire once. */
  end(): void {
    const context = this.storage.getStore();
    if (context) this.finish(context);
  }

  current(): RunContext | undefined {
    const context = this.storage.getStore();
    return context && !context.ended ? context : undefined;
  }

  onEnded(listener: (runId: UUID) => void): void {
    this.endListeners.push(listener);
  }

  private finish(context: RunContext): void {
    if (context.ended) return;
    context.ended = true;
    for (const listener of this.endListeners) listener(context.runId);
  }
}
