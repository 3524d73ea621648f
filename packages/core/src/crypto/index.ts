// Secret values at rest, in elizaOS's format: the salt, string encryption and world settings.
export { clearSaltCache, getSalt } from './get-salt';
export { encryptStringValue, decryptStringValue, decryptStringValue as decryptSecret } from './encrypt-string-value';
export { saltWorldSettings, unsaltWorldSettings, type SaltableSetting } from './salt-world-settings';
export {
  decryptedCharacter,
  decryptObjectValues,
  encryptedCharacter,
  encryptObjectValues,
  saltSettingValue,
  unsaltSettingValue,
} from './salt-setting-value';
