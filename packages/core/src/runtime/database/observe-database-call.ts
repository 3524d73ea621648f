/** Told the duration and outcome of one forwarded call. */
export type DatabaseCallObserver = (operation: string, durationMs: number, success: boolean) => void;

/** Times one forwarded call; the result (or rejection) passes through unchanged. */
export function observeDatabaseCall(observer: DatabaseCallObserver, name: string, call: () => unknown): unknown {
  const started = performance.now();
  let result: unknown;
  try {
    result = call();
  } catch (error) {
    observer(name, performance.now() - started, false);
    throw error;
  }
  return Promise.resolve(result).then(
    (value) => {
      observer(name, performance.now() - started, true);
      return value;
    },
    (error: unknown) => {
      observer(name, performance.now() - started, false);
      throw error;
    },
  );
}
