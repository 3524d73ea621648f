import { createCipheriv, createHash } from 'node:crypto';
import { decryptStringValue, encryptStringValue } from './encrypt-string-value';

describe('encryptStringValue / decryptStringValue', () => {
  it('round-trips, with a random IV each time', () => {
    const a = encryptStringValue('sk-secret', 'salt');
    const b = encryptStringValue('sk-secret', 'salt');
    expect(a).toMatch(/^[0-9a-f]{32}:[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    expect(decryptStringValue(a, 'salt')).toBe('sk-secret');
    expect(decryptStringValue(b, 'salt')).toBe('sk-secret');
  });

  it('uses AES-256-CBC keyed by SHA-256(salt), as elizaOS does', () => {
    const iv = Buffer.alloc(16, 7);
    const cipher = createCipheriv('aes-256-cbc', createHash('sha256').update('salt').digest(), iv);
    const data = Buffer.concat([cipher.update('hello', 'utf8'), cipher.final()]);
    expect(decryptStringValue(`${iv.toString('hex')}:${data.toString('hex')}`, 'salt')).toBe('hello');
  });

  it('does not encrypt twice', () => {
    const once = encryptStringValue('v', 'salt');
    expect(encryptStringValue(once, 'salt')).toBe(once);
  });

  it('returns plain or undecryptable values unchanged', () => {
    expect(decryptStringValue('plain text', 'salt')).toBe('plain text');
    expect(decryptStringValue('a:b', 'salt')).toBe('a:b');
    const encrypted = encryptStringValue('v', 'salt');
    const other = decryptStringValue(encrypted, 'other-salt');
    // A wrong key either fails padding (value returned) or yields garbage; never the secret.
    expect(other).not.toBe('v');
  });

  it('handles unicode and empty strings', () => {
    expect(decryptStringValue(encryptStringValue('héllo ✓', 's'), 's')).toBe('héllo ✓');
    expect(decryptStringValue(encryptStringValue('', 's'), 's')).toBe('');
  });
});
