import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** `<32 hex iv>:<hex ciphertext in whole AES blocks>`, the elizaOS format. */
const ENCRYPTED = /^[0-9a-f]{32}:(?:[0-9a-f]{32})+$/i;

function keyFrom(salt: string): Buffer {
  return createHash('sha256').update(salt).digest();
}

/**
 * AES-256-CBC with a key of SHA-256(salt) and a random IV, written as
 * `ivHex:cipherHex` (compatible with elizaOS). A value that already has that
 * shape is returned as is, so saving settings twice does not double-encrypt.
 */
export function encryptStringValue(value: string, salt: string): string {
  if (ENCRYPTED.test(value)) return value;
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', keyFrom(salt), iv);
  const encrypted = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return `${iv.toString('hex')}:${encrypted.toString('hex')}`;
}

/**
 * Reverses encryptStringValue. Values that are not in the encrypted format,
 * or do not decrypt with this salt, come back unchanged (elizaOS behaviour:
 * settings saved before encryption was enabled still read).
 */
export function decryptStringValue(value: string, salt: string): string {
  if (!ENCRYPTED.test(value)) return value;
  const [ivHex, dataHex] = value.split(':');
  try {
    const decipher = createDecipheriv('aes-256-cbc', keyFrom(salt), Buffer.from(ivHex, 'hex'));
    return Buffer.concat([decipher.update(Buffer.from(dataHex, 'hex')), decipher.final()]).toString('utf8');
  } catch {
    return value;
  }
}
