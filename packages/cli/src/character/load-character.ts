import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CharacterValidationError, type Character } from '@kith/core';
import JSON5 from 'json5';
import { applyEnvironmentSecrets } from './character-secrets';
import { characterSchema } from './character-schema';
import { describeCharacterIssue } from './describe-character-issue';

/** The character shipped with the CLI (Weizenbaum's Eliza). */
export const DEFAULT_CHARACTER_PATH = resolve(__dirname, '../../characters/eliza.json');

/** The offset of a comma followed only by whitespace and `}` or `]` (JSON5 accepts it, JSON does not), outside strings. */
function trailingComma(text: string): number | null {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ',' && /^\s*[}\]]/.test(text.slice(i + 1, i + 200))) return i;
  }
  return null;
}

/** Where the syntax error is: V8 names an offset only sometimes; JSON5's parser knows the line of all but JSON5's own extensions. */
function position(text: string, error: SyntaxError): string {
  const offset = /position (\d+)/.exec(error.message);
  if (offset) {
    const before = text.slice(0, Number(offset[1])).split('\n');
    return ` at line ${before.length}, column ${before[before.length - 1].length + 1}`;
  }
  try {
    JSON5.parse(text);
  } catch (json5Error) {
    const { lineNumber, columnNumber } = json5Error as { lineNumber?: number; columnNumber?: number };
    if (lineNumber) return ` at line ${lineNumber}, column ${columnNumber ?? 1}`;
  }
  // Valid JSON5 but not JSON: a trailing comma is the usual difference.
  const comma = trailingComma(text);
  if (comma !== null) {
    const before = text.slice(0, comma).split('\n');
    return ` at line ${before.length}, column ${before[before.length - 1].length + 1} (a trailing comma: remove it)`;
  }
  return '';
}

/** Checks a character object; throws CharacterValidationError naming each JSON path. */
export function validateCharacter(value: unknown, source = 'character'): Character {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CharacterValidationError(source, ['(root): a character must be a JSON object, e.g. { "name": "Eliza" }']);
  }
  const result = characterSchema.safeParse(value);
  if (!result.success) throw new CharacterValidationError(source, result.error.issues.map(describeCharacterIssue));
  return result.data as Character;
}

export interface LoadCharacterOptions {
  /** Where `<CHARACTER_NAME>_<KEY>` secrets are read from; default process.env. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Reads and validates a character file, then adds the secrets set in the
 * environment as `<CHARACTER_NAME>_<KEY>` (see applyEnvironmentSecrets).
 * Nothing is written.
 */
export function loadCharacter(path: string, options: LoadCharacterOptions = {}): Character {
  const file = resolve(path);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found; check the path' : (error as Error).message;
    throw new CharacterValidationError(file, [reason], { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const syntax = error as SyntaxError;
    throw new CharacterValidationError(
      file,
      [
        `invalid JSON${position(text, syntax)}: ${syntax.message}. Fix the syntax (a missing comma or quote is the usual cause).`,
      ],
      {
        cause: error,
      },
    );
  }
  return applyEnvironmentSecrets(validateCharacter(value, file), options.env ?? process.env);
}
