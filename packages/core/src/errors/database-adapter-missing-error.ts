import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'DatabaseAdapterMissingError';
const marker = Symbol.for(`kith.error.${name}`);

/** The runtime needed storage but no database adapter was registered. */
export class DatabaseAdapterMissingError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor() {
    super(
      ErrorCode.DATABASE_ADAPTER_MISSING,
      "No database adapter is registered. Add @kith/plugin-sql to the character's plugins, or pass an adapter to the AgentRuntime.",
    );
  }

  /** True for a DatabaseAdapterMissingError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is DatabaseAdapterMissingError {
    return KithError.hasMarker(error, marker);
  }
}
