import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'ModelHandlerMissingError';
const marker = Symbol.for(`kith.error.${name}`);

/** useModel was called for a model type (or a named provider) that no plugin registered. */
export class ModelHandlerMissingError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly modelType: string,
    provider?: string,
  ) {
    super(
      ErrorCode.MODEL_HANDLER_MISSING,
      provider
        ? `No ${modelType} handler from provider "${provider}" is registered.`
        : `No handler is registered for model type ${modelType}. Add a model plugin that provides it (e.g. @kith/plugin-eliza-classic offline, or @kith/plugin-openai).`,
    );
  }

  /** True for a ModelHandlerMissingError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is ModelHandlerMissingError {
    return KithError.hasMarker(error, marker);
  }
}
