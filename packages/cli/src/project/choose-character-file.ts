import { createInterface } from 'node:readline/promises';
import { ConfigValidationError } from '@kith/core';
import { findCharacterFiles } from './find-character-files';

/** Asks the user to pick one of several files; returns the chosen path. */
export type AskForFile = (files: string[]) => Promise<string>;

/** Numbered list on stderr, answer on stdin. */
export const askOnTerminal: AskForFile = async (files) => {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    process.stderr.write(
      `Several character files; which one gets the plugins?\n${files.map((f, i) => `  ${i + 1}) ${f}`).join('\n')}\n`,
    );
    for (;;) {
      const answer = (await rl.question(`Number (1-${files.length}): `)).trim();
      const index = Number(answer) - 1;
      if (Number.isInteger(index) && files[index]) return files[index];
      const byName = files.find((f) => f === answer);
      if (byName) return byName;
    }
  } finally {
    rl.close();
  }
};

/**
 * The character file `kith add` writes to: the one given, else the only one
 * in the project (its folder and characters/), else the one the user picks
 * (only when `ask` is given, i.e. on a terminal).
 */
export async function chooseCharacterFile(
  dir: string,
  given: string | undefined,
  ask: AskForFile | undefined,
): Promise<string> {
  if (given) return given;
  const files = findCharacterFiles(dir);
  if (files.length === 1) return files[0];
  if (files.length === 0) {
    throw new ConfigValidationError('kith add', [
      `no character file (a JSON file with "name" and "bio" or "plugins") in ${dir} or ${dir}/characters: pass --character FILE`,
    ]);
  }
  if (!ask)
    throw new ConfigValidationError('kith add', [
      `several character files (${files.join(', ')}): pass --character FILE to pick one`,
    ]);
  return ask(files);
}
