import type { SettingsSource } from '../resolve-setting-raw';

/** A runtime stand-in whose getSetting reads from a plain object. */
export function settingsStub(values: Record<string, unknown>): SettingsSource & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    getSetting(key: string): unknown {
      calls.push(key);
      return key in values ? values[key] : null;
    },
  };
}

/** Sets env vars for one test and returns a function that restores them. */
export function withEnv(vars: Record<string, string | undefined>): () => void {
  const saved: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(vars)) {
    saved[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}
