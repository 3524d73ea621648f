import { decryptStringValue, encryptStringValue } from './encrypt-string-value';
import { getSalt } from './get-salt';

/** The part of a world setting that encryption looks at. */
export interface SaltableSetting {
  value?: unknown;
  secret?: boolean;
}

function mapSecrets<T extends object>(settings: T, transform: (value: string) => string): T {
  const result: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries(settings)) {
    const candidate = setting as SaltableSetting | null;
    const isSecretString =
      candidate !== null &&
      typeof candidate === 'object' &&
      candidate.secret === true &&
      typeof candidate.value === 'string' &&
      candidate.value !== '';
    result[key] = isSecretString ? { ...candidate, value: transform(candidate.value as string) } : setting;
  }
  return result as T;
}

/**
 * A copy of world settings with the values of settings marked `secret: true`
 * encrypted (AES-256-CBC, key from SECRET_SALT). Other settings are untouched.
 */
export function saltWorldSettings<T extends object>(worldSettings: T, salt: string = getSalt()): T {
  return mapSecrets(worldSettings, (value) => encryptStringValue(value, salt));
}

/** The reverse of saltWorldSettings. */
export function unsaltWorldSettings<T extends object>(worldSettings: T, salt: string = getSalt()): T {
  return mapSecrets(worldSettings, (value) => decryptStringValue(value, salt));
}
