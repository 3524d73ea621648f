import { ConfigValidationError } from '../errors';
import { collectSettings } from './collect-settings';
import { describeConfigIssues, type ConfigErrorLike } from './format-config-errors';
import type { SettingsSource } from './resolve-setting-raw';

/** What loadPluginConfig needs of a schema: zod 3 and 4 objects both fit. */
export interface ConfigSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: ConfigErrorLike };
}

export type LoadPluginConfigResult<T> = { success: true; config: T } | { success: false; errors: string[] };

/** An object schema's own keys, so callers need not repeat them. */
function schemaKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown }).shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/**
 * Collects `keys` (default: the object schema's keys) from the runtime and
 * the environment and validates them. Never throws: a schema that throws
 * (a failing transform) is reported as an error too.
 */
export function loadPluginConfig<T>(
  runtime: SettingsSource | null | undefined,
  schema: ConfigSchema<T>,
  keys?: readonly string[],
): LoadPluginConfigResult<T> {
  const raw = collectSettings(runtime, keys ?? schemaKeys(schema));
  try {
    const result = schema.safeParse(raw);
    if (result.success) return { success: true, config: result.data };
    return { success: false, errors: describeConfigIssues(result.error) };
  } catch (error) {
    return { success: false, errors: [error instanceof Error ? error.message : String(error)] };
  }
}

/** loadPluginConfig that throws ConfigValidationError (code KITH_CONFIG_INVALID) naming `scope`. */
export function loadPluginConfigOrThrow<T>(
  runtime: SettingsSource | null | undefined,
  schema: ConfigSchema<T>,
  keys?: readonly string[],
  scope = 'plugin',
): T {
  const result = loadPluginConfig(runtime, schema, keys);
  if (!result.success) throw new ConfigValidationError(scope, result.errors);
  return result.config;
}
