/**
 * The one thing the config helpers need from a runtime. Kept this small so
 * plugins can call them from `init` with a stub, or with no runtime at all.
 */
export interface SettingsSource {
  getSetting(key: string): unknown;
}

/** Unset means absent: empty strings count as unset so `FOO=` in .env falls through. */
function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * The raw value of a setting: `runtime.getSetting(key)` first (character
 * secrets and settings), then `process.env[key]`. Undefined when neither has it.
 */
export function resolveSettingRaw(runtime: SettingsSource | null | undefined, key: string): unknown {
  const fromRuntime = runtime ? runtime.getSetting(key) : undefined;
  if (isSet(fromRuntime)) return fromRuntime;
  const fromEnv = process.env[key];
  return isSet(fromEnv) ? fromEnv : undefined;
}
