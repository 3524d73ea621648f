import { CharacterValidationError } from '../errors/character-validation-error';
import type { Character } from '../types/character';
import { validateCharacter } from './validate-character';

/**
 * A character from an object (checked against the character file format).
 * elizaOS also takes a file path here; in Kith files are read by the CLI
 * (`kith start -c FILE`), so a string is refused with that advice.
 */
export function parseCharacter(input: string | object | Character): Character {
  if (typeof input === 'string') {
    throw new CharacterValidationError(input, [
      'parseCharacter takes the character object; Kith reads character files with kith start -c FILE (or loadCharacter in @kith/cli)',
    ]);
  }
  const result = validateCharacter(input);
  if (!result.success || !result.data) {
    throw new CharacterValidationError(
      'given to parseCharacter',
      (result.error?.issues ?? []).map((issue) => `${issue.path.join('.') || 'character'}: ${issue.message}`),
    );
  }
  return result.data;
}
