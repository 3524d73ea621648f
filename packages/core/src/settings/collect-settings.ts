import { resolveSettingRaw, type SettingsSource } from './resolve-setting-raw';

/**
 * Raw values for `keys`, ready to hand to a schema. Unset keys are left out
 * rather than set to undefined, so schema defaults apply to them.
 */
export function collectSettings<K extends string>(
  runtime: SettingsSource | null | undefined,
  keys: readonly K[],
): Partial<Record<K, unknown>> {
  const raw: Partial<Record<K, unknown>> = {};
  for (const key of keys) {
    const value = resolveSettingRaw(runtime, key);
    if (value !== undefined) raw[key] = value;
  }
  return raw;
}
