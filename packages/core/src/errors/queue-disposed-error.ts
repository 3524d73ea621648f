import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'QueueDisposedError';
const marker = Symbol.for(`kith.error.${name}`);

/** Work was offered to a BatchQueue after its dispose() began. */
export class QueueDisposedError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(readonly queueName: string) {
    super(
      ErrorCode.QUEUE_DISPOSED,
      `Queue "${queueName}" is disposed and accepts no more items; enqueue before stopping its service, or create a new queue.`,
    );
  }

  /** True for a QueueDisposedError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is QueueDisposedError {
    return KithError.hasMarker(error, marker);
  }
}
