import type { IAgentRuntime } from '../types/runtime';

/**
 * Calls one of the adapter's optional members (which the runtime does not
 * forward), timed as a DATABASE_OPERATION event like forwarded calls while
 * someone listens. `call` runs synchronously either way, so a write it
 * starts joins the group commit of the same tick.
 */
export function adapterCall<T>(runtime: IAgentRuntime, operation: string, call: () => Promise<T>): Promise<T> {
  if (!runtime.getEvent('DATABASE_OPERATION')?.length) return call();
  const started = performance.now();
  const report = (success: boolean) =>
    void runtime.emitEvent('DATABASE_OPERATION', {
      operation,
      durationMs: performance.now() - started,
      success,
      source: 'runtime',
    });
  return call().then(
    (value) => {
      report(true);
      return value;
    },
    (error: unknown) => {
      report(false);
      throw error;
    },
  );
}
