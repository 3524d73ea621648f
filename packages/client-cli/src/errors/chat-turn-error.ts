import { KithError } from '@kith/core';
import { ClientCliErrorCode } from './client-cli-error-codes';

const name = 'ChatTurnError';
const marker = Symbol.for(`kith.error.${name}`);

/** The agent failed to answer a message; `reason` is the pipeline's error (it names the culprit). */
export class ChatTurnError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(readonly reason: string) {
    super(
      ClientCliErrorCode.CHAT_TURN_FAILED,
      `The agent could not answer: ${reason.replace(/\.+$/, '')}. Check the model settings and the log (LOG_LEVEL=debug) for the cause.`,
    );
  }

  /** True for a ChatTurnError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is ChatTurnError {
    return KithError.hasMarker(error, marker);
  }
}
