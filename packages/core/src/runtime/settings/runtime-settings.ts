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

  get(key: string): SettingValue {
    const character = this.character();
    const sources: unknown[] = [
      character.secrets?.[key],
      character.settings?.[key],
      character.settings?.secrets?.[key],
      this.secrets.get(key),
      this.values.get(key),
    ];
    for (const value of sources) {
      if (value !== undefined && value !== null) return normalise(value);
    }
    return null;
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
