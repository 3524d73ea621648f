import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'SendHandlerMissingError';
const marker = Symbol.for(`kith.error.${name}`);

/** sendMessageToTarget was asked to deliver to a source no client plugin registered a send handler for. */
export class SendHandlerMissingError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(readonly source: string) {
    super(
      ErrorCode.SEND_HANDLER_MISSING,
      `No send handler is registered for source "${source}". A client plugin registers one with runtime.registerSendHandler("${source}", handler).`,
    );
  }

  /** True for a SendHandlerMissingError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is SendHandlerMissingError {
    return KithError.hasMarker(error, marker);
  }
}
