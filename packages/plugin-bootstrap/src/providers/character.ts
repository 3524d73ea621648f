import {
  type Character,
  ChannelType,
  pickRandom,
  randomForKey,
  type IAgentRuntime,
  type Memory,
  type Provider,
} from '@kith/core';
import { BlockMemo } from './block-memo';
import { roomTurn } from './room-turns';

const BIO_LINES = 4;
const STYLE_LINES = 4;
const MESSAGE_EXAMPLES = 2;
const POST_EXAMPLES = 3;

function exampleText(example: { name: string; content: { text?: string } }[], agentName: string): string {
  return example
    .map(
      (turn) =>
        `${/\{\{(name\d|user\d?)\}\}/.test(turn.name) ? 'User' : turn.name === '{{agentName}}' ? agentName : turn.name}: ${turn.content.text ?? ''}`,
    )
    .join('\n');
}

interface Drawn {
  text: string;
  values: Record<string, string>;
}

/** The character's sections with bio and style lines, topic, adjective and examples drawn from `random`. */
function draw(character: Character, random: () => number, isFeed: boolean): Drawn {
  const name = character.name;
  const bioLines = (Array.isArray(character.bio) ? character.bio : [character.bio]).filter(Boolean);
  const bio = pickRandom(bioLines, BIO_LINES, random).join(' ');
  const styleSource = [
    ...(character.style?.all ?? []),
    ...((isFeed ? character.style?.post : character.style?.chat) ?? []),
  ];
  const style = pickRandom(styleSource, STYLE_LINES, random);
  const topic = pickRandom(character.topics ?? [], 1, random)[0];
  const adjective = pickRandom(character.adjectives ?? [], 1, random)[0];
  const examples = isFeed
    ? pickRandom(character.postExamples ?? [], POST_EXAMPLES, random).join('\n')
    : pickRandom(character.messageExamples ?? [], MESSAGE_EXAMPLES, random)
        .map((example) => exampleText(example, name))
        .join('\n\n');
  const traits = [topic ? `${name} is interested in ${topic}.` : '', adjective ? `${name} is ${adjective}.` : '']
    .filter(Boolean)
    .join(' ');
  const sections = [
    character.system ? `# System\n${character.system}` : '',
    `# About ${name}\n${[bio, traits].filter(Boolean).join(' ')}`,
    style.length > 0 ? `# Style\n${style.map((s) => `- ${s}`).join('\n')}` : '',
    examples ? `# Example ${isFeed ? 'Posts' : 'Conversations'}\n${examples}` : '',
  ];
  return {
    text: sections.filter(Boolean).join('\n\n'),
    values: {
      agentName: name,
      bio,
      characterBio: bio,
      system: character.system ?? '',
      topic: topic ?? '',
      topics: (character.topics ?? []).join(', '),
      adjective: adjective ?? '',
      messageDirections: isFeed ? '' : style.join('\n'),
      postDirections: isFeed ? style.join('\n') : '',
      characterExamples: examples,
    },
  };
}

// A room's draw for its rotation block; another character object (a new one) draws again.
const drawn = new BlockMemo<Drawn>(1_000);

/**
 * Who the agent is: system prompt, a random subset of bio, style lines and
 * one topic and adjective, and example conversations (example posts and
 * post style in feeds). Random subsets keep the prompt short and varied.
 * In a conversation the draw is seeded by the room and its rotation block
 * (PROMPT_ROTATION_TURNS), so it changes every few turns rather than every
 * turn and consecutive prompts keep a prefix a provider can cache; it is
 * kept for the block rather than drawn again each turn (a character changed
 * in place shows from the next block). A feed draws afresh for every post.
 */
export const characterProvider: Provider = {
  name: 'CHARACTER',
  description: 'The character: bio, style and example conversations',
  position: -50,
  get: async (runtime: IAgentRuntime, message: Memory) => {
    const character = runtime.character;
    if (message.content.channelType === ChannelType.FEED) return draw(character, Math.random, true);
    const { block } = roomTurn(runtime, message);
    const { text, values } = drawn.get(runtime, message.roomId, block, character, () =>
      draw(character, randomForKey(`${runtime.agentId}:${message.roomId}:${block}:CHARACTER`), false),
    );
    return { text, values: { ...values } };
  },
};
