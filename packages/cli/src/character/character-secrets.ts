import type { Character } from '@kith/core';

/**
 * The environment prefix of a character's secrets: its name in capitals with
 * accents dropped and every run of other characters turned into one `_`.
 * `Eliza` → `ELIZA_`, `Dr. Smith` → `DR_SMITH_`; empty when nothing is left.
 */
export function characterEnvPrefix(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return stem ? `${stem}_` : '';
}

/**
 * Copies every environment variable named `<CHARACTER_NAME>_<KEY>` into the
 * character's `secrets[KEY]`, so several agents in one process can hold
 * different keys (ELIZA_OPENAI_API_KEY, BOB_OPENAI_API_KEY). Such a variable
 * overrides the file's own secret (it names this character explicitly);
 * the plain `KEY` variable stays the last fallback, as everywhere in Kith.
 * Empty variables count as unset. Returns a new character.
 */
export function applyEnvironmentSecrets<C extends Pick<Character, 'name' | 'secrets'>>(
  character: C,
  env: NodeJS.ProcessEnv = process.env,
): C {
  const prefix = characterEnvPrefix(character.name);
  if (!prefix) return character;
  const found: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith(prefix) && name.length > prefix.length && value !== undefined && value !== '')
      found[name.slice(prefix.length)] = value;
  }
  if (Object.keys(found).length === 0) return character;
  return { ...character, secrets: { ...character.secrets, ...found } };
}
