import type { Character } from '../types/character';
import type { Setting } from '../types/world-settings';
import { decryptStringValue, encryptStringValue } from './encrypt-string-value';
import { getSalt } from './get-salt';

/** A copy of one setting with its value encrypted when it is a secret string (elizaOS's saltSettingValue). */
export function saltSettingValue(setting: Setting, salt: string): Setting {
  if (setting.secret !== true || typeof setting.value !== 'string' || !setting.value) return { ...setting };
  return { ...setting, value: encryptStringValue(setting.value, salt) };
}

/** The reverse of saltSettingValue. */
export function unsaltSettingValue(setting: Setting, salt: string): Setting {
  if (setting.secret !== true || typeof setting.value !== 'string' || !setting.value) return { ...setting };
  return { ...setting, value: decryptStringValue(setting.value, salt) };
}

function mapStrings(values: Record<string, unknown>, transform: (value: string) => string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' && value ? transform(value) : value]),
  );
}

/** Every non-empty string value encrypted; other values as they are. */
export function encryptObjectValues(values: Record<string, unknown>, salt: string): Record<string, unknown> {
  return mapStrings(values, (value) => encryptStringValue(value, salt));
}

/** The reverse of encryptObjectValues. */
export function decryptObjectValues(values: Record<string, unknown>, salt: string): Record<string, unknown> {
  return mapStrings(values, (value) => decryptStringValue(value, salt));
}

function withSecrets(character: Character, transform: (values: Record<string, unknown>) => Record<string, unknown>) {
  // A JSON copy, as elizaOS makes (functions in templates do not survive, and need not: secrets are strings).
  const copy = JSON.parse(JSON.stringify(character)) as Character;
  const settings = copy.settings as { secrets?: Record<string, unknown> } | undefined;
  if (settings?.secrets) settings.secrets = transform(settings.secrets);
  if (copy.secrets) copy.secrets = transform(copy.secrets) as Character['secrets'];
  return copy;
}

/** A copy of the character with its secrets (`secrets` and `settings.secrets`) encrypted with SECRET_SALT. */
export function encryptedCharacter(character: Character): Character {
  const salt = getSalt();
  return withSecrets(character, (values) => encryptObjectValues(values, salt));
}

/** The reverse of encryptedCharacter (the runtime argument is elizaOS's, unused). */
export function decryptedCharacter(character: Character, _runtime?: unknown): Character {
  const salt = getSalt();
  return withSecrets(character, (values) => decryptObjectValues(values, salt));
}
