import type { Character } from '../../types/character';

export type SettingValue = string | boolean | number | null;

function normalise(value: unknown): SettingValue {
  if (value === undefined || value === null) return null;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

/**
 * Setting lookup in elizaOS order: character.secrets, character.settings,
 * character.settings.secrets, then the runtime's own settings.
 */
export class RuntimeSettings {
  private readonly values = new Map<string, SettingValue>();
  private readonly secrets = new Map<string, SettingValue>();

  constructor(
    private readonly character: () => Character,
    initial: Record<string, SettingValue | undefined> = {},
  ) {
    for (const [key, value] of Object.entries(initial)) if (value !== undefined) this.values.set(key, value);
  }

  // Read on every turn, many times: checked in order without building a list of candidates.
  get(key: string): SettingValue {
    const { secrets, settings } = this.character();
    let value: unknown = secrets?.[key];
    if (value === undefined || value === null) value = settings?.[key];
    if (value === undefined || value === null) value = settings?.secrets?.[key];
    if (value === undefined || value === null) value = this.secrets.get(key);
    if (value === undefined || value === null) value = this.values.get(key);
    return normalise(value);
  }

  set(key: string, value: SettingValue, secret = false): void {
    (secret ? this.secrets : this.values).set(key, value);
  }

  /** A number setting with a default for missing or unparsable values. */
  number(key: string, fallback: number): number {
    const raw = this.get(key) ?? process.env[key] ?? null;
    if (raw === null || raw === '' || typeof raw === 'boolean') return fallback;
    const value = Number(raw);
    return Number.isFinite(value) ? value : fallback;
  }
}
