import { ChannelType } from '@kith/core';
import { createHarness } from '../testing/bootstrap-harness';
import { anxietyPool, anxietyProvider } from './anxiety';

describe('ANXIETY', () => {
  it('gives three lines of guidance for the kind of channel', async () => {
    for (const [type, pool] of [
      [ChannelType.GROUP, anxietyPool(ChannelType.GROUP)],
      [ChannelType.DM, anxietyPool(ChannelType.DM)],
      [ChannelType.VOICE_DM, anxietyPool(ChannelType.VOICE_DM)],
    ] as const) {
      const { runtime, message } = await createHarness({ type });
      const result = await anxietyProvider.get(runtime, message('hi'), { values: {}, data: {}, text: '' });
      const lines = result.data?.anxiety as string[];
      expect(lines).toHaveLength(3);
      lines.forEach((line) => expect(pool).toContain(line));
      expect(result.text?.startsWith('# Guidance\n')).toBe(true);
    }
    expect(anxietyPool(ChannelType.GROUP)).not.toEqual(anxietyPool(ChannelType.DM));
    expect(anxietyPool(ChannelType.VOICE_GROUP)).toEqual(anxietyPool(ChannelType.VOICE_DM));
  });

  it('picks a different three block by block, the same three within a block', async () => {
    const { runtime, message } = await createHarness({ settings: { PROMPT_ROTATION_TURNS: '4' } });
    const draws: string[][] = [];
    for (let i = 0; i < 24; i++)
      draws.push(
        ((await anxietyProvider.get(runtime, message('hi'), { values: {}, data: {}, text: '' })).data
          ?.anxiety as string[]) ?? [],
      );
    for (let block = 0; block < 6; block++)
      expect(new Set(draws.slice(block * 4, block * 4 + 4).map((d) => d.join('|'))).size).toBe(1);
    expect(new Set(draws.flat()).size).toBeGreaterThan(3);
  });
});
