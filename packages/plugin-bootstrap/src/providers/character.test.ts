import { ChannelType, type Character } from '@kith/core';
import { createHarness } from '../testing/bootstrap-harness';
import { characterProvider } from './character';

const EMPTY = { values: {}, data: {}, text: '' };

const rich: Character = {
  name: 'Sage',
  system: 'You are Sage.',
  bio: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8'],
  topics: ['astronomy', 'tea'],
  adjectives: ['calm', 'curious'],
  style: { all: ['a1', 'a2', 'a3'], chat: ['c1', 'c2', 'c3'], post: ['p1', 'p2', 'p3'] },
  messageExamples: [1, 2, 3, 4].map((n) => [
    { name: '{{name1}}', content: { text: `question ${n}` } },
    { name: 'Sage', content: { text: `answer ${n}` } },
  ]),
  postExamples: ['post one', 'post two', 'post three', 'post four', 'post five'],
};

describe('CHARACTER', () => {
  it('shows the system prompt, a random subset of the bio and style, a topic, an adjective and two examples', async () => {
    const { runtime, message } = await createHarness({ character: rich });
    const result = await characterProvider.get(runtime, message('hi'), EMPTY);
    const text = result.text ?? '';
    expect(text.startsWith('# System\nYou are Sage.')).toBe(true);
    expect(String(result.values?.characterBio).split(' ')).toHaveLength(4);
    expect(text.match(/^- [ac]\d$/gm)).toHaveLength(4);
    expect(text).not.toMatch(/^- p\d$/m);
    expect(text.match(/^User: question \d$/gm)).toHaveLength(2);
    expect(['astronomy', 'tea']).toContain(result.values?.topic);
    expect(['calm', 'curious']).toContain(result.values?.adjective);
  });

  it('draws one subset per rotation block of the room, seeded by the room and the block', async () => {
    const { runtime, message } = await createHarness({ character: rich, settings: { PROMPT_ROTATION_TURNS: '5' } });
    const texts: string[] = [];
    for (let i = 0; i < 20; i++) texts.push((await characterProvider.get(runtime, message('hi'), EMPTY)).text ?? '');
    for (let block = 0; block < 4; block++) expect(new Set(texts.slice(block * 5, block * 5 + 5)).size).toBe(1);
    expect(new Set(texts).size).toBeGreaterThan(1);
    // The same room and block give the same draw in another process (here: another runtime of the agent).
    const again = await createHarness({ character: rich, settings: { PROMPT_ROTATION_TURNS: '5' } });
    const roomId = message('hi').roomId;
    expect((await characterProvider.get(again.runtime, again.message('hi', { roomId }), EMPTY)).text).toBe(texts[0]);
  });

  it("keeps a block's draw, gives each turn its own values, and draws again for another character object", async () => {
    const { runtime, message } = await createHarness({ character: rich, settings: { PROMPT_ROTATION_TURNS: '5' } });
    const first = await characterProvider.get(runtime, message('hi'), EMPTY);
    (first.values as Record<string, unknown>).bio = 'changed by a caller';
    const second = await characterProvider.get(runtime, message('hi'), EMPTY);
    expect(second.text).toBe(first.text);
    expect(second.values?.bio).not.toBe('changed by a caller');
    (runtime as { character: Character }).character = { ...rich, system: 'You are Sage the second.' };
    expect((await characterProvider.get(runtime, message('hi'), EMPTY)).text).toContain('You are Sage the second.');
  });

  it('draws afresh every turn with PROMPT_ROTATION_TURNS=1', async () => {
    const { runtime, message } = await createHarness({ character: rich, settings: { PROMPT_ROTATION_TURNS: '1' } });
    const bios = new Set<string>();
    for (let i = 0; i < 20; i++)
      bios.add(String((await characterProvider.get(runtime, message('hi'), EMPTY)).values?.characterBio));
    expect(bios.size).toBeGreaterThan(5);
  });

  it('uses post style and post examples in a feed', async () => {
    const { runtime, message } = await createHarness({ character: rich });
    const result = await characterProvider.get(
      runtime,
      message('', { content: { text: '', channelType: ChannelType.FEED } }),
      EMPTY,
    );
    expect(result.text).toContain('# Example Posts');
    expect(result.text).not.toContain('question');
    expect(result.values?.postDirections).not.toBe('');
  });
});
