const MARKER = Symbol.for('kith.error');

export interface KithErrorOptions {
  cause?: unknown;
  /** Whether trying again may succeed. */
  retryable?: boolean;
}

/**
 * Base class of every Kith error. `code` is stable across releases;
 * `isInstance` works across duplicate package copies (no instanceof).
 */
export class KithError extends Error {
  readonly [MARKER] = true;
  readonly code: string;
  readonly retryable: boolean;

  constructor(code: string, message: string, options: KithErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryable = options.retryable ?? false;
  }

  static isInstance(error: unknown): error is KithError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }

  /** True when `error` is a KithError carrying `code`. */
  static hasCode(error: unknown, code: string): error is KithError {
    return KithError.isInstance(error) && error.code === code;
  }
}
