import { resolveSettingRaw, type SettingsSource } from './resolve-setting-raw';

/**
 * One of `allowed`, matched case-insensitively and returned in its canonical
 * spelling; anything else gives the default.
 */
export function getEnumSetting<T extends string>(
  runtime: SettingsSource | null | undefined,
  key: string,
  allowed: readonly T[],
  defaultValue: T,
): T {
  const raw = resolveSettingRaw(runtime, key);
  if (typeof raw !== 'string') return defaultValue;
  const wanted = raw.trim().toLowerCase();
  return allowed.find((option) => option.toLowerCase() === wanted) ?? defaultValue;
}
