import { redactSecrets } from './redact-secrets';

/** An error as a log line carries it. */
export interface SerializedError {
  type: string;
  message: string;
  code?: string;
  retryable?: boolean;
  /** Where the failure happened (endpoint, host, model...), from Kith's errors. */
  context?: Record<string, unknown>;
  stack?: string;
  cause?: SerializedError | string;
}

const MAX_CAUSES = 3;

function redactValues(context: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(context))
    out[key] = typeof value === 'string' ? redactSecrets(value) : value;
  return out;
}

/**
 * Serializes an error for a log line: type, code, message and context always;
 * the stack (and the cause chain's stacks) only when `withStack`, which the
 * logger sets at debug and trace. A failed turn at warn is then one short line
 * instead of kilobytes of frames.
 */
export function serializeError(error: unknown, withStack: boolean, depth = 0): SerializedError | string {
  if (!(error instanceof Error)) return redactSecrets(typeof error === 'string' ? error : String(error));
  const fields = error as Error & { code?: unknown; retryable?: unknown; context?: unknown };
  const out: SerializedError = {
    type: error.name || error.constructor?.name || 'Error',
    message: redactSecrets(error.message),
  };
  if (typeof fields.code === 'string') out.code = fields.code;
  if (typeof fields.retryable === 'boolean') out.retryable = fields.retryable;
  if (fields.context && typeof fields.context === 'object')
    out.context = redactValues(fields.context as Record<string, unknown>);
  if (withStack) {
    if (error.stack) out.stack = redactSecrets(error.stack);
    if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, true, depth + 1);
  }
  return out;
}
