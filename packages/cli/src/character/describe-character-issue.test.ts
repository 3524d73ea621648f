import { CharacterValidationError } from '@kith/core';
import { jsonPath } from './describe-character-issue';
import { validateCharacter } from './load-character';

/** The problem lines for an invalid character. */
function problems(value: unknown): string[] {
  try {
    validateCharacter(value, 'agent.json');
  } catch (error) {
    return (error as CharacterValidationError).problems;
  }
  throw new Error('expected the character to be invalid');
}

describe('character problems name the JSON path and the fix', () => {
  it('writes paths the way they appear in the file', () => {
    expect(jsonPath([])).toBe('(root)');
    expect(jsonPath(['plugins', 1])).toBe('plugins[1]');
    expect(jsonPath(['messageExamples', 0, 1, 'content'])).toBe('messageExamples[0][1].content');
  });

  it('says what is wrong and shows how the field is written', () => {
    expect(problems({ name: 'A', plugins: ['ok', 7], style: { all: 'loud' } })).toEqual([
      'plugins[1]: expected string, received number; write it like "plugins": ["@kith/plugin-openai"] (npm package names)',
      'style.all: expected array, received string; write it like "style": { "all": ["short sentences"], "chat": ["no emojis"], "post": ["..."] }',
    ]);
    expect(problems({ name: 'A', messageExamples: [[{ name: 'user' }]] })).toEqual([
      expect.stringMatching(
        /^messageExamples\[0\]\[0\]\.content: is required; write it like "messageExamples": \[\[\{ "name": "\{\{user\}\}"/,
      ),
    ]);
    expect(problems({ name: 'A', secrets: { KEY: { nested: true } } })).toEqual([
      'secrets.KEY: has the wrong shape; write it like "secrets": { "OPENAI_API_KEY": "sk-..." } (strings, numbers or booleans)',
    ]);
    expect(problems({ name: 'A', id: 'x' })).toEqual([
      'id: must be a UUID; write it like "id": "0b9f6c52-8d3e-4d7a-9d55-3f1c2e4a5b6c" (a UUID), or leave it out',
    ]);
  });

  it('keeps the example a message already carries', () => {
    expect(problems({ bio: 'b' })).toEqual(['name: is required: the agent\'s name, e.g. "name": "Eliza"']);
    expect(problems({ name: '  ' })).toEqual(['name: must not be empty; write it like "name": "Eliza"']);
  });
});
