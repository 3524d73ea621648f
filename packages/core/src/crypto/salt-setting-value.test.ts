import { decryptedCharacter, encryptedCharacter, saltSettingValue, unsaltSettingValue } from './salt-setting-value';

describe('secret settings and character secrets at rest', () => {
  it('encrypts secret values only, and reverses it', () => {
    const setting = { name: 'k', description: 'd', required: false, secret: true, value: 'sk-1' };
    const salted = saltSettingValue(setting, 'salt');
    expect(salted.value).toMatch(/^[0-9a-f]{32}:[0-9a-f]+$/);
    expect(unsaltSettingValue(salted, 'salt').value).toBe('sk-1');
    expect(saltSettingValue({ ...setting, secret: false }, 'salt').value).toBe('sk-1');
  });

  it("encrypts a character's secrets in a copy", () => {
    const character = { name: 'Ada', bio: [], secrets: { A: 'x', N: 3 }, settings: { secrets: { B: 'y' } } };
    const encrypted = encryptedCharacter(character);
    expect(character.secrets.A).toBe('x');
    expect(encrypted.secrets?.A).not.toBe('x');
    expect(encrypted.secrets?.N).toBe(3);
    expect(decryptedCharacter(encrypted)).toEqual(character);
  });
});
