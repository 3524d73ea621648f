import { parseListSetting } from './parse-list-setting';

describe('parseListSetting', () => {
  it.each([
    [undefined, []],
    [null, []],
    ['', []],
    ['   ', []],
    ['dm', ['dm']],
    ['dm, voice_dm ,api', ['dm', 'voice_dm', 'api']],
    ['a,,b,', ['a', 'b']],
    ['["dm", "voice_dm", "api"]', ['dm', 'voice_dm', 'api']],
    ["['dm', 'api',]", ['dm', 'api']],
    ['[]', []],
    ['[dm, api]', ['dm', 'api']],
    ['["a", "b"', ['a', 'b']],
    [
      ['x', ' y ', '', 3],
      ['x', 'y', '3'],
    ],
    [[null, { a: 1 }, 'z'], ['z']],
    [12, ['12']],
    [true, ['true']],
    [{ not: 'a list' }, []],
  ])('parses %p', (input, expected) => {
    expect(parseListSetting(input)).toEqual(expected);
  });

  it('keeps ids with colons and dashes intact', () => {
    expect(parseListSetting('discord:123, telegram-456')).toEqual(['discord:123', 'telegram-456']);
  });
});
