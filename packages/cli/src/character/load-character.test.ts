import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CharacterValidationError, KithError } from '@kith/core';
import { DEFAULT_CHARACTER_PATH, loadCharacter, validateCharacter } from './load-character';

describe('loadCharacter', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kith-character-'));
  const write = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('loads the shipped Eliza character', () => {
    const character = loadCharacter(DEFAULT_CHARACTER_PATH);
    expect(character.name).toBe('Eliza');
    // No model plugin listed: kith picks plugin-openai or the offline eliza-classic at start.
    expect(character.plugins).toEqual(['@kith/plugin-sql', '@kith/plugin-bootstrap']);
  });

  it('reports the line and column of a JSON syntax error', () => {
    const file = write('syntax.json', '{\n  "name": "A",\n  "bio": [\n}');
    try {
      loadCharacter(file);
      throw new Error('expected a CharacterValidationError');
    } catch (error) {
      expect(KithError.hasCode(error, 'KITH_CHARACTER_INVALID')).toBe(true);
      expect((error as CharacterValidationError).message).toContain(file);
      expect((error as CharacterValidationError).message).toMatch(/line 4/);
    }
  });

  it('reports the line and column of a trailing comma', () => {
    const file = write('comma.json', '{\n  "name": "A",\n  "bio": ["x",]\n}');
    expect(() => loadCharacter(file)).toThrow(/line 3, column 14 \(a trailing comma/);
  });

  it('names every invalid JSON path', () => {
    expect(() => validateCharacter({ name: 'A', plugins: ['ok', 7], style: { all: 'loud' } }, 'x.json')).toThrow(
      /plugins\[1\][\s\S]*style\.all/,
    );
  });

  it('rejects non-objects and keeps unknown keys for plugins', () => {
    expect(() => validateCharacter([], 'list.json')).toThrow(/must be a JSON object/);
    const character = validateCharacter({ name: 'A', customField: 1 }) as unknown as Record<string, unknown>;
    expect(character.customField).toBe(1);
    expect(character.bio).toEqual([]);
  });
});
