import type { z } from 'zod';
import type { Character } from '../types/character';

/** elizaOS's answer shape for a character check: the character, or a message and the issues. */
export interface CharacterValidationResult {
  success: boolean;
  data?: Character;
  error?: { message: string; issues?: z.core.$ZodIssue[] };
}

/** The schema, loaded on the first check (zod is not loaded with core). */
const schema = () => (require('./character-schema') as typeof import('./character-schema')).characterSchema;

const describe = (issues: readonly z.core.$ZodIssue[]): string =>
  issues.map((issue) => `${issue.path.length ? issue.path.join('.') : 'character'}: ${issue.message}`).join('; ');

/** Checks character data against the character file format; never throws. */
export function validateCharacter(data: unknown): CharacterValidationResult {
  const parsed = schema().safeParse(data);
  if (parsed.success) return { success: true, data: parsed.data as Character };
  return {
    success: false,
    error: { message: `Character validation failed: ${describe(parsed.error.issues)}`, issues: parsed.error.issues },
  };
}

/** Parses JSON text and checks it as a character; never throws. */
export function parseAndValidateCharacter(jsonString: string): CharacterValidationResult {
  let data: unknown;
  try {
    data = JSON.parse(jsonString);
  } catch (error) {
    return { success: false, error: { message: `Invalid JSON: ${(error as Error).message}` } };
  }
  return validateCharacter(data);
}

export function isValidCharacter(data: unknown): data is Character {
  return validateCharacter(data).success;
}

/** elizaOS's `{ isValid, errors }` view of the same check. */
export function validateCharacterConfig(character: Character): { isValid: boolean; errors: string[] } {
  const parsed = schema().safeParse(character);
  if (parsed.success) return { isValid: true, errors: [] };
  return {
    isValid: false,
    errors: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'character'}: ${issue.message}`),
  };
}
