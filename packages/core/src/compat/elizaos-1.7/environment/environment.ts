/** Where code runs, as elizaOS names it. Kith runs on Node only, but `detectEnvironment` still looks. */
export type RuntimeEnvironment = 'node' | 'browser' | 'unknown';

export interface EnvironmentConfig {
  [key: string]: string | boolean | number | undefined;
}

let detected: RuntimeEnvironment | null = null;

export function detectEnvironment(): RuntimeEnvironment {
  if (detected !== null) return detected;
  const scope = globalThis as { window?: { document?: unknown } };
  if (typeof process !== 'undefined' && process.versions?.node) detected = 'node';
  else if (scope.window?.document !== undefined) detected = 'browser';
  else detected = 'unknown';
  return detected;
}

/** Forgets what `detectEnvironment` found, so the next call looks again (for tests that fake a runtime). */
export function resetEnvironmentCache(): void {
  detected = null;
}

const TRUTHY = new Set(['true', '1', 'yes', 'on']);

/**
 * elizaOS's view of the process environment. Reads are cached per key, as in
 * elizaOS: a value changed in `process.env` behind its back is seen after
 * `set` of that key or `clearCache()`. In a browser (not a Kith target) values
 * come from `window.ENV` and `globalThis.__ENV__`.
 */
export class Environment {
  private readonly runtime: RuntimeEnvironment;
  private readonly browserStore: EnvironmentConfig | undefined;
  private readonly cache = new Map<string, string | undefined>();

  constructor() {
    this.runtime = detectEnvironment();
    if (this.runtime === 'browser') {
      const scope = globalThis as { window?: { ENV?: EnvironmentConfig }; __ENV__?: EnvironmentConfig };
      this.browserStore = { ...scope.window?.ENV, ...scope.__ENV__ };
    }
  }

  getRuntime(): RuntimeEnvironment {
    return this.runtime;
  }

  isNode(): boolean {
    return this.runtime === 'node';
  }

  isBrowser(): boolean {
    return this.runtime === 'browser';
  }

  get(key: string, defaultValue?: string): string | undefined {
    if (!this.cache.has(key)) this.cache.set(key, this.read(key));
    return this.cache.get(key) ?? defaultValue;
  }

  set(key: string, value: string | boolean | number): void {
    this.cache.delete(key);
    if (this.runtime === 'node') process.env[key] = String(value);
    else if (this.browserStore) this.browserStore[key] = value;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  getAll(): EnvironmentConfig {
    if (this.runtime === 'node') return { ...process.env };
    return { ...this.browserStore };
  }

  /** True for `true`, `1`, `yes`, `on` (any case); `defaultValue` when unset. */
  getBoolean(key: string, defaultValue = false): boolean {
    const value = this.get(key);
    return value === undefined ? defaultValue : TRUTHY.has(value.toLowerCase());
  }

  /** The value as a number; `defaultValue` when unset or not a number. */
  getNumber(key: string, defaultValue?: number): number | undefined {
    const value = this.get(key);
    if (value === undefined) return defaultValue;
    const parsed = Number(value);
    return Number.isNaN(parsed) ? defaultValue : parsed;
  }

  clearCache(): void {
    this.cache.clear();
  }

  private read(key: string): string | undefined {
    if (this.runtime === 'node') return process.env[key];
    const value = this.browserStore?.[key];
    return value === undefined ? undefined : String(value);
  }
}

let instance: Environment | null = null;

/** The process-wide Environment, made on first use. */
export function getEnvironment(): Environment {
  instance ??= new Environment();
  return instance;
}

export function getEnv(key: string, defaultValue?: string): string | undefined {
  return getEnvironment().get(key, defaultValue);
}

export function setEnv(key: string, value: string | boolean | number): void {
  getEnvironment().set(key, value);
}

export function hasEnv(key: string): boolean {
  return getEnvironment().has(key);
}

export function getBooleanEnv(key: string, defaultValue = false): boolean {
  return getEnvironment().getBoolean(key, defaultValue);
}

export function getNumberEnv(key: string, defaultValue?: number): number | undefined {
  return getEnvironment().getNumber(key, defaultValue);
}

/** Seeds the environment in a browser; on Node (always, in Kith) it does nothing, as in elizaOS. */
export function initBrowserEnvironment(config: EnvironmentConfig): void {
  const env = getEnvironment();
  if (!env.isBrowser()) return;
  for (const [key, value] of Object.entries(config)) if (value !== undefined) env.set(key, value);
}

/** elizaOS's Node build exports these as constants. */
export const isBrowser = false;
export const isNode = true;
export const currentRuntime: RuntimeEnvironment = detectEnvironment();
