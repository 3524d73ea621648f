import { ChannelType, pickRandom, randomForKey, type Provider } from '@kith/core';
import { channelTypeOf } from '../helpers/turn-lookups';
import { BlockMemo } from './block-memo';
import { roomTurn } from './room-turns';

const GROUP = [
  'In a group, speak only when you add something; IGNORE is a good answer when unsure.',
  'Group replies should be a sentence or two. Leave the long explanations out.',
  'Not every message in a group is for you. If nobody asked you, prefer IGNORE.',
  'When people just say "ok", "thanks" or "right", the exchange is over: IGNORE.',
  'Do not echo what someone else already answered in the group.',
  'If you and another bot keep trading short acknowledgements, stop and IGNORE.',
  'Answer the question asked, not the three questions around it.',
  'Skip caveats and disclaimers unless they change the answer.',
];

const DM = [
  'This is a private conversation: be warm and natural, and stay on topic.',
  'In a DM, answer fully but without padding; one clear point beats three vague ones.',
  'Ask a follow-up question when it helps the person, not to fill space.',
  'Match the length of your reply to the length and tone of their message.',
  'Keep your own voice in DMs; do not slip into a generic assistant tone.',
  'Say what you know plainly and admit what you do not.',
  'Avoid lists and headings in chat unless the person asked for steps.',
  'Do not repeat what you said earlier in this conversation.',
];

const VOICE = [
  'Spoken reply: one or two short sentences.',
  'Voice: no lists, no links, nothing that only makes sense written down.',
  'Say the most important thing first; it will be heard, not read.',
  'Keep voice replies brief enough to say in a breath or two.',
  'Use plain words that sound natural aloud.',
  'In voice, skip formatting and symbols entirely.',
];

const GROUP_LIKE = new Set<string>([
  ChannelType.GROUP,
  ChannelType.THREAD,
  ChannelType.FORUM,
  ChannelType.FEED,
  ChannelType.WORLD,
]);

/** The guidance pool for a channel type: voice, group-like, or direct (also when unknown). */
export function anxietyPool(channelType: string | undefined): readonly string[] {
  if (channelType === ChannelType.VOICE_DM || channelType === ChannelType.VOICE_GROUP) return VOICE;
  if (channelType && GROUP_LIKE.has(channelType)) return GROUP;
  return DM;
}

/**
 * Channel-specific restraint (seed 002): models are too eager and too
 * verbose, most of all in groups. Three lines picked at random so the model
 * does not fixate on one phrasing, drawn again with each rotation block of
 * the room (PROMPT_ROTATION_TURNS) rather than each turn, so consecutive
 * prompts keep their shared prefix.
 */
const guidance = new BlockMemo<{ text: string; lines: readonly string[] }>(1_000);

export const anxietyProvider: Provider = {
  name: 'ANXIETY',
  description: 'Guidance on length and restraint for this kind of channel',
  dynamic: true,
  position: -45,
  get: async (runtime, message) => {
    const { block } = roomTurn(runtime, message);
    const pool = anxietyPool(await channelTypeOf(runtime, message));
    const { text, lines } = guidance.get(runtime, message.roomId, block, pool, () => {
      const drawn = pickRandom(pool, 3, randomForKey(`${runtime.agentId}:${message.roomId}:${block}:ANXIETY`));
      return { text: `# Guidance\n${drawn.join('\n')}`, lines: drawn };
    });
    return { text, values: { anxiety: text }, data: { anxiety: [...lines] } };
  },
};
