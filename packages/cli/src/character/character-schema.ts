// The character file format is @kith/core's (one rule for `kith start` and elizaOS's `characterSchema`).
export { characterSchema, type CharacterFile } from '@kith/core';
