// Secret values at rest, in elizaOS's format: the salt, string encryption and world settings.
export { getSalt } from './get-salt';
export { encryptStringValue, decryptStringValue } from './encrypt-string-value';
export { saltWorldSettings, unsaltWorldSettings, type SaltableSetting } from './salt-world-settings';
