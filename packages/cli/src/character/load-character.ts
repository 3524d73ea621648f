import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CharacterValidationError, type Character } from '@kith/core';
import JSON5 from 'json5';
import type { z } from 'zod';
import { characterSchema } from './character-schema';

/** The character shipped with the CLI (Weizenbaum's Eliza). */
export const DEFAULT_CHARACTER_PATH = resolve(__dirname, '../../characters/eliza.json');

/** Where the syntax error is: V8 names an offset only sometimes; JSON5's parser always knows the line. */
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
  return '';
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length > 0 ? issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') : '(root)';
  return `${path}: ${issue.message}`;
}

/** Checks a character object; throws CharacterValidationError naming each JSON path. */
export function validateCharacter(value: unknown, source = 'character'): Character {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CharacterValidationError(source, ['(root): a character must be a JSON object, e.g. { "name": "Eliza" }']);
  }
  const result = characterSchema.safeParse(value);
  if (!result.success) throw new CharacterValidationError(source, result.error.issues.map(describeIssue));
  return result.data as Character;
}

/** Reads and validates a character file. Nothing is written. */
export function loadCharacter(path: string): Character {
  const file = resolve(path);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found; check the path' : (error as Error).message;
    throw new CharacterValidationError(file, [reason], { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const syntax = error as SyntaxError;
    throw new CharacterValidationError(file, [`invalid JSON${position(text, syntax)}: ${syntax.message}. Fix the syntax (a missing comma or quote is the usual cause).`], {
      cause: error,
    });
  }
  return validateCharacter(value, file);
}
