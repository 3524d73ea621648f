import type { Character } from '../../../types/character';

/**
 * What elizaOS's `generateText` puts before the input: the bio under
 * "# About <name>", the system prompt, and the style lines (all, then chat).
 */
export function characterPreamble(character: Character): string {
  const parts: string[] = [];
  const bio = Array.isArray(character.bio) ? character.bio.join(' ') : character.bio;
  if (bio) parts.push(`# About ${character.name}\n${bio}`);
  if (character.system) parts.push(character.system);
  const styles = [...(character.style?.all ?? []), ...(character.style?.chat ?? [])];
  if (styles.length > 0) parts.push(`Style:\n${styles.map((line) => `- ${line}`).join('\n')}`);
  return parts.join('\n\n');
}
