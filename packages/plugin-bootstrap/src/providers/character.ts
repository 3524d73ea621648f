import type { IAgentRuntime, Provider } from '@kith/core';

function pick<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

/** Who the agent is: system prompt, a random subset of bio and style, one example conversation. */
export const characterProvider: Provider = {
  name: 'CHARACTER',
  description: 'The character: bio, style and an example conversation',
  position: -10,
  get: async (runtime: IAgentRuntime) => {
    const character = runtime.character;
    const bioLines = Array.isArray(character.bio) ? character.bio : [character.bio];
    const bio = pick(bioLines.filter(Boolean), 4).join(' ');
    const style = pick([...(character.style?.all ?? []), ...(character.style?.chat ?? [])], 4);
    const example = pick(character.messageExamples ?? [], 1)[0];
    const exampleText = example
      ?.map((turn) => `${turn.name.replace(/\{\{name\d\}\}/, 'User')}: ${turn.content.text ?? ''}`)
      .join('\n');
    const sections = [
      character.system ? `# System\n${character.system}` : '',
      `# About ${character.name}\n${bio}`,
      style.length > 0 ? `# Style\n${style.map((s) => `- ${s}`).join('\n')}` : '',
      exampleText ? `# Example Conversation\n${exampleText}` : '',
    ];
    return {
      text: sections.filter(Boolean).join('\n\n'),
      values: { agentName: character.name, bio, characterBio: bio, system: character.system ?? '' },
    };
  },
};
