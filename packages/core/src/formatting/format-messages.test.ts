import type { Memory } from '../types/memory';
import { ALICE, ANON, BOB, ROOM, entity } from '../testing/fixtures/world';
import { formatMessages } from './format-messages';
import { formatTimestamp } from './format-timestamp';

function clock(ms: number): string {
  const date = new Date(ms);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

const T1 = Date.now() - 10 * 60_000;
const T2 = Date.now() - 5 * 60_000;

const entities = [entity(ALICE, ['Alice']), entity(BOB, ['Bob'])];

function msg(entityId: typeof ALICE, createdAt: number | undefined, content: Memory['content']): Memory {
  return { entityId, roomId: ROOM, createdAt, content };
}

describe('formatMessages', () => {
  it('prints one line per message, oldest first, in elizaOS style', () => {
    const newestFirst = [msg(BOB, T2, { text: 'hello Alice', actions: ['REPLY'] }), msg(ALICE, T1, { text: 'hi' })];
    expect(formatMessages({ messages: newestFirst, entities })).toBe(
      [
        `${clock(T1)} (${formatTimestamp(T1)}) [${ALICE}] Alice: hi`,
        `${clock(T2)} (${formatTimestamp(T2)}) [${BOB}] Bob: hello Alice (Bob's actions: REPLY)`,
      ].join('\n'),
    );
  });

  it('gives the same order for chronological input when times are known', () => {
    const chronological = [msg(ALICE, T1, { text: 'first' }), msg(BOB, T2, { text: 'second' })];
    const lines = formatMessages({ messages: chronological, entities }).split('\n');
    expect(lines[0]).toMatch(/Alice: first$/);
    expect(lines[1]).toMatch(/Bob: second$/);
  });

  it('reverses (newest-first convention) when times are missing, without mutating the input', () => {
    const messages = [msg(BOB, undefined, { text: 'newer' }), msg(ALICE, undefined, { text: 'older' })];
    const copy = [...messages];
    const lines = formatMessages({ messages, entities }).split('\n');
    expect(lines[0]).toMatch(/Alice: older$/);
    expect(messages).toEqual(copy);
  });

  it('lists attachments and thoughts, and shows actions without text', () => {
    const out = formatMessages({
      messages: [
        msg(ALICE, T1, {
          text: 'look',
          thought: 'they will like it',
          attachments: [
            { id: 'img1', url: 'https://x/1.png', title: 'Cat' },
            { id: 'img2', url: 'https://x/2.png' },
          ],
        }),
        msg(BOB, T2, { actions: ['IGNORE'] }),
      ],
      entities,
    });
    const [first, second] = out.split('\n');
    expect(first).toContain(
      "Alice: look (Alice's internal thought: they will like it) (Attachments: [img1 - Cat (https://x/1.png)], [img2 - untitled (https://x/2.png)])",
    );
    expect(second).toBe(`${clock(T2)} (${formatTimestamp(T2)}) [${BOB}] (Bob's actions: IGNORE)`);
  });

  it('skips messages with nothing to show', () => {
    expect(formatMessages({ messages: [msg(ALICE, T1, {})], entities })).toBe('');
    expect(formatMessages({ messages: [], entities })).toBe('');
  });

  describe('display name resolution', () => {
    const one = (entityList: ReturnType<typeof entity>[], source?: string) =>
      formatMessages({ messages: [msg(ANON, T1, { text: 'x', source })], entities: entityList });

    it('uses entity.names[0] first', () => {
      expect(one([entity(ANON, ['Named'], { discord: { name: 'Meta' } })], 'discord')).toContain('] Named: x');
    });

    it('then metadata[source].name', () => {
      expect(one([entity(ANON, [], { discord: { name: 'DiscordName' }, name: 'Generic' })], 'discord')).toContain(
        '] DiscordName: x',
      );
    });

    it('then metadata[source].username', () => {
      expect(one([entity(ANON, [], { telegram: { username: 'tg_user' } })], 'telegram')).toContain('] tg_user: x');
    });

    it('then generic metadata name / username', () => {
      expect(one([entity(ANON, [], { name: 'Generic' })], 'discord')).toContain('] Generic: x');
      expect(one([entity(ANON, [], { username: 'handle' })])).toContain('] handle: x');
    });

    it('then "Unknown User"', () => {
      expect(one([entity(ANON, [])])).toContain('] Unknown User: x');
      expect(one([])).toContain('] Unknown User: x');
    });
  });
});
