import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigValidationError } from '@kith/core';

/** The file in the data folder that keeps a generated secret across restarts. */
export const SESSION_SECRET_FILE = 'session-secret';

/** HS256 wants at least 256 bits of key. */
const MIN_SECRET_BYTES = 32;

/** Where the secret comes from: a value (option or KITH_SESSION_SECRET), else a file in the data folder. */
export type SessionSecretSource = { value: string } | { dataDir: string };

/**
 * The HMAC key of session tokens, read once: the value given, else the data
 * folder's `session-secret` file, which is written (mode 0600) the first time
 * a session is issued. Verifying never writes: without a secret no token is
 * valid. Changing the secret ends every session signed with the old one.
 */
export class SessionSecret {
  private key: Uint8Array | undefined;

  constructor(private readonly source: SessionSecretSource) {
    if ('value' in source && Buffer.byteLength(source.value, 'utf8') < MIN_SECRET_BYTES)
      throw new ConfigValidationError('@kith/server', [
        `KITH_SESSION_SECRET: must be at least ${MIN_SECRET_BYTES} bytes (e.g. \`openssl rand -base64 48\`)`,
      ]);
  }

  /** The key, creating the file when `create` and there is none; undefined when there is none and none was made. */
  get(create: boolean): Uint8Array | undefined {
    if (this.key) return this.key;
    if ('value' in this.source) return (this.key = Buffer.from(this.source.value, 'utf8'));
    const file = join(this.source.dataDir, SESSION_SECRET_FILE);
    const stored = readIfPresent(file);
    if (stored !== undefined) return (this.key = Buffer.from(stored, 'utf8'));
    if (!create) return undefined;
    mkdirSync(this.source.dataDir, { recursive: true });
    const fresh = randomBytes(48).toString('base64url');
    try {
      // `wx`: two servers sharing the folder that start together keep the one written first.
      writeFileSync(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return this.get(false);
  }
}

function readIfPresent(file: string): string | undefined {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
