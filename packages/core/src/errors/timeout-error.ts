import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'TimeoutError';
const marker = Symbol.for(`kith.error.${name}`);

/** An operation took longer than its limit; `what` names it. Retryable. Subclassed by plugins (e.g. OpenAITimeoutError). */
export class TimeoutError extends KithError {
  private readonly [marker] = true;
  override readonly name: string = name;

  constructor(
    readonly what: string,
    readonly timeoutMs: number,
  ) {
    super(ErrorCode.TIMEOUT, `${what} timed out after ${timeoutMs} ms`, { retryable: true });
  }

  /** True for a TimeoutError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is TimeoutError {
    return KithError.hasMarker(error, marker);
  }
}
