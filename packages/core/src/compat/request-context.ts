import { AsyncLocalStorage } from 'node:async_hooks';
import type { UUID } from '../types/primitives';

/** Who a piece of work is for (elizaOS: per-user connections and row-level security). */
export interface RequestContext {
  entityId?: UUID;
  agentId?: UUID;
  roomId?: UUID;
  [key: string]: unknown;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The context `runWithRequestContext` set for the current async call chain, if any. */
export function getRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `fn` with `context` visible to getRequestContext() in everything it awaits. */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}
