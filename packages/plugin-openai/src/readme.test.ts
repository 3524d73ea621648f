import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OPENAI_SETTING_KEYS } from './config/openai-config';
import { OpenAIErrorCode } from './errors/openai-error-codes';
import * as errors from './errors';

const readme = readFileSync(path.resolve(__dirname, '../README.md'), 'utf8');
const firstCells = [...readme.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((match) => match[1]);

describe('README', () => {
  it('documents every error code once, with the class that throws it', () => {
    const codes = Object.values(OpenAIErrorCode) as string[];
    const documented = firstCells.filter((cell) => cell.startsWith('KITH_'));
    expect([...documented].sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${code}\``)) ?? '';
      const className = /\| `(OpenAI\w+Error)` \|/.exec(row)?.[1];
      expect(className && className in errors).toBe(true);
    }
  });

  it('lists every setting in the settings table', () => {
    const documented = firstCells.filter((cell) => cell.startsWith('OPENAI_'));
    expect(documented).toEqual([...OPENAI_SETTING_KEYS]);
  });
});
