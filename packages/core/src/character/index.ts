// The character file format and elizaOS's helpers around it.
// The zod schemas load when first read, not with core: zod costs a process ~3 MB of heap (see runtime/index.ts).
type Schemas = typeof import('./character-schema');
export type { CharacterFile } from './character-schema';
export declare const characterSchema: Schemas['characterSchema'];
export declare const contentSchema: Schemas['contentSchema'];
export declare const directoryItemSchema: Schemas['directoryItemSchema'];
export declare const knowledgeItemSchema: Schemas['knowledgeItemSchema'];
export declare const mediaSchema: Schemas['mediaSchema'];
export declare const messageExampleSchema: Schemas['messageExampleSchema'];
export declare const secretsSchema: Schemas['secretsSchema'];
export declare const settingsSchema: Schemas['settingsSchema'];
export declare const styleSchema: Schemas['styleSchema'];
export declare const templateTypeSchema: Schemas['templateTypeSchema'];
export declare const uuidSchema: Schemas['uuidSchema'];
const schemas = (): Schemas => require('./character-schema') as Schemas;
Object.defineProperties(
  exports,
  Object.fromEntries(
    (
      [
        'characterSchema',
        'contentSchema',
        'directoryItemSchema',
        'knowledgeItemSchema',
        'mediaSchema',
        'messageExampleSchema',
        'secretsSchema',
        'settingsSchema',
        'styleSchema',
        'templateTypeSchema',
        'uuidSchema',
      ] as const
    ).map((name) => [name, { enumerable: true, get: () => schemas()[name] }]),
  ),
);
export {
  isValidCharacter,
  parseAndValidateCharacter,
  validateCharacter,
  validateCharacterConfig,
  type CharacterValidationResult,
} from './validate-character';
export { parseCharacter } from './parse-character';
export {
  buildCharacterPlugins,
  hasCharacterSecrets,
  mergeCharacterDefaults,
  setDefaultSecretsFromEnv,
} from './character-defaults';
