const MARKER = Symbol.for('kith.error');

export interface KithErrorOptions {
  cause?: unknown;
  /** Whether trying again may succeed. */
  retryable?: boolean;
}

/**
 * Base class of every Kith error (vercel/ai's AISDKError is the model).
 * `code` is stable across releases; `isInstance` works across duplicate
 * package copies (it checks a `Symbol.for` marker, not instanceof). Each
 * error class lives in a file of its own with a literal `name`, its own
 * marker (`kith.error.<name>`) and a static `isInstance`; each package keeps
 * its codes in one catalogue, listed in docs/errors.md.
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
    return KithError.hasMarker(error, MARKER);
  }

  /** True when `error` is a KithError carrying `code`. */
  static hasCode(error: unknown, code: string): error is KithError {
    return KithError.isInstance(error) && error.code === code;
  }

  /** Whether `error` carries `marker` set to true: how each error class's `isInstance` recognises copies of itself. */
  static hasMarker(error: unknown, marker: symbol): boolean {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }
}
