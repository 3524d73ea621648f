import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'MessageServiceMissingError';
const marker = Symbol.for(`kith.error.${name}`);

/** elizaOS.handleMessage was called on an agent without a message pipeline. */
export class MessageServiceMissingError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(readonly agentId: string) {
    super(
      ErrorCode.MESSAGE_SERVICE_MISSING,
      `Agent ${agentId} has no message service, so it cannot take messages: add @kith/plugin-bootstrap to its plugins.`,
    );
  }

  /** True for a MessageServiceMissingError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is MessageServiceMissingError {
    return KithError.hasMarker(error, marker);
  }
}
