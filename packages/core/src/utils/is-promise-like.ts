/** True for promises and other thenables: lets hot paths skip awaiting values that are already there. */
export function isPromiseLike<T = unknown>(value: unknown): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
