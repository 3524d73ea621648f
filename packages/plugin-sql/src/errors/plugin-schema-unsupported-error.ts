import { KithError } from '@kith/core';
import { SqlErrorCode } from './sql-error-codes';

const name = 'PluginSchemaUnsupportedError';
const marker = Symbol.for(`kith.error.${name}`);

/** A plugin's PostgreSQL (drizzle pg-core) table uses something SQLite cannot hold. */
export class PluginSchemaUnsupportedError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly plugin: string,
    readonly table: string,
    readonly problem: string,
  ) {
    super(
      SqlErrorCode.PLUGIN_SCHEMA_UNSUPPORTED,
      `Plugin "${plugin}": its PostgreSQL table "${table}" cannot be created on SQLite: ${problem}. Fix: run this agent on PostgreSQL (set KITH_DATABASE_URL), or drop the plugin.`,
    );
  }

  /** True for a PluginSchemaUnsupportedError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is PluginSchemaUnsupportedError {
    return KithError.hasMarker(error, marker);
  }
}
