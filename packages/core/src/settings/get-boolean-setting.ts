import { resolveSettingRaw, type SettingsSource } from './resolve-setting-raw';

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'on', 'enable', 'enabled']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'off', 'disable', 'disabled']);

/**
 * A boolean setting. Unlike parseBooleanFromText, an unrecognised value
 * (a typo such as "ture") yields the default instead of silently false.
 */
export function getBooleanSetting(
  runtime: SettingsSource | null | undefined,
  key: string,
  defaultValue = false,
): boolean {
  const raw = resolveSettingRaw(runtime, key);
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return raw === 0 ? false : raw === 1 ? true : defaultValue;
  if (typeof raw !== 'string') return defaultValue;
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return defaultValue;
}
