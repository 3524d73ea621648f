import { parseListSetting } from './parse-list-setting';
import { resolveSettingRaw, type SettingsSource } from './resolve-setting-raw';

/** A list setting (array, comma list or JSON array); the default when unset or empty. */
export function getCsvListSetting(
  runtime: SettingsSource | null | undefined,
  key: string,
  defaultValue: string[] = [],
): string[] {
  const list = parseListSetting(resolveSettingRaw(runtime, key));
  return list.length > 0 ? list : [...defaultValue];
}
