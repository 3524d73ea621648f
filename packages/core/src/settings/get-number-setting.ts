import { resolveSettingRaw, type SettingsSource } from './resolve-setting-raw';

export interface NumberSettingOptions {
  /** Values below are raised to `min`. */
  min?: number;
  /** Values above are lowered to `max`. */
  max?: number;
  /** Drop the fractional part (after parsing, before clamping). */
  integer?: boolean;
}

/**
 * A numeric setting. Missing or unparsable values (NaN, "abc", "") give the
 * default; out-of-range values are clamped, since a too-large limit is more
 * likely a slip than a reason to ignore the setting.
 */
export function getNumberSetting(
  runtime: SettingsSource | null | undefined,
  key: string,
  defaultValue: number,
  options: NumberSettingOptions = {},
): number {
  const raw = resolveSettingRaw(runtime, key);
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string' && raw.trim() !== '') value = Number(raw.trim());
  else return defaultValue;
  if (!Number.isFinite(value)) return defaultValue;
  if (options.integer) value = Math.trunc(value);
  if (options.min !== undefined && value < options.min) value = options.min;
  if (options.max !== undefined && value > options.max) value = options.max;
  return value;
}
