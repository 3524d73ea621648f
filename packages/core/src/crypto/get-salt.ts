import { logger } from '../logger/logger';

const DEFAULT_SALT = 'secretsalt';
let warned = false;

/**
 * The secret used to encrypt secret world settings: SECRET_SALT, else a fixed
 * default (as in elizaOS) with a one-time warning in production, where the
 * default would make the encryption decorative.
 */
export function getSalt(): string {
  const salt = process.env.SECRET_SALT;
  if (salt) return salt;
  if (process.env.NODE_ENV === 'production' && !warned) {
    warned = true;
    logger.warn('SECRET_SALT is not set; secret settings are encrypted with the default salt. Set SECRET_SALT.');
  }
  return DEFAULT_SALT;
}

/** elizaOS's name: Kith reads SECRET_SALT at each call (nothing is cached); this lets the warning show again. */
export function clearSaltCache(): void {
  warned = false;
}
