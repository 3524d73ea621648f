import { AsyncLocalStorage } from 'node:async_hooks';
import type { IStreamingContextManager, StreamingContext } from './stream-extractor';

/** Keeps the context in an AsyncLocalStorage: it follows awaits, timers and promise chains. */
class AsyncLocalStreamingContextManager implements IStreamingContextManager {
  private readonly storage = new AsyncLocalStorage<StreamingContext | undefined>();

  run<T>(context: StreamingContext | undefined, fn: () => T): T {
    return this.storage.run(context, fn);
  }

  active(): StreamingContext | undefined {
    return this.storage.getStore();
  }
}

// One manager per process, shared by every copy of this package (as a Symbol.for slot on globalThis).
const slot = Symbol.for('kith.compat.streamingContextManager');
type ManagerHolder = Record<symbol, IStreamingContextManager | undefined>;

/** Replaces the process-wide manager (elizaOS's browser build installs a stack-based one). */
export function setStreamingContextManager(manager: IStreamingContextManager): void {
  (globalThis as unknown as ManagerHolder)[slot] = manager;
}

export function getStreamingContextManager(): IStreamingContextManager {
  const holder = globalThis as unknown as ManagerHolder;
  return (holder[slot] ??= new AsyncLocalStreamingContextManager());
}

/** Runs `fn` with `context` active for everything it calls, awaited work included. */
export function runWithStreamingContext<T>(context: StreamingContext | undefined, fn: () => T): T {
  return getStreamingContextManager().run(context, fn);
}

/** The context of the innermost runWithStreamingContext around the caller; undefined outside one. */
export function getStreamingContext(): StreamingContext | undefined {
  return getStreamingContextManager().active();
}
