/** Which model call an error came from: the model type and the provider whose handler failed. */
export interface ModelFailure {
  modelType: string;
  provider: string;
}

const failures = new WeakMap<object, ModelFailure>();

/** Records that `error` is what a model handler threw (useModel does, before it rethrows it unchanged). */
export function noteModelFailure(error: unknown, failure: ModelFailure): void {
  if (typeof error === 'object' && error !== null && !failures.has(error)) failures.set(error, failure);
}

/**
 * The model call an error came from, if it came from one: the caller that
 * logs a failed turn names the model type and provider in its one line,
 * whatever the handler threw (a plugin's plain Error included).
 */
export function modelFailureOf(error: unknown): ModelFailure | undefined {
  return typeof error === 'object' && error !== null ? failures.get(error) : undefined;
}

/** `TEXT_LARGE handler of "openai" failed: <reason>`, unless the reason names them already. */
export function describeModelFailure(error: unknown, reason: string): string {
  const failure = modelFailureOf(error);
  if (!failure || reason.includes(`"${failure.provider}"`)) return reason;
  return `${failure.modelType} handler of "${failure.provider}" failed: ${reason}`;
}
