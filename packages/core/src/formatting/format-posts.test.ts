import type { Memory } from '../types/memory';
import type { UUID } from '../types/primitives';
import { ALICE, ANON, BOB, ROOM, ROOM2, entity } from '../testing/fixtures/world';
import { formatPosts } from './format-posts';
import { formatTimestamp } from './format-timestamp';

const T1 = Date.now() - 30 * 60_000;
const T2 = Date.now() - 20 * 60_000;
const T3 = Date.now() - 10 * 60_000;

function post(id: string, entityId: UUID, roomId: UUID, createdAt: number, content: Memory['content']): Memory {
  return { id: id as UUID, entityId, roomId, createdAt, content };
}

const entities = [
  entity(ALICE, ['Alice'], { username: 'alice42' }),
  entity(BOB, [], { twitter: { name: 'Bobby', username: 'bob_tw' } }),
];

describe('formatPosts', () => {
  it('wraps each body in Text Start / Text End delimiters with the post header', () => {
    const out = formatPosts({
      messages: [post('m-1', ALICE, ROOM, T1, { text: 'gm', source: 'twitter' })],
      entities,
    });
    expect(out).toBe(
      [
        `Conversation: ${ROOM.slice(-5)}`,
        `Name: Alice (@alice42 EntityID:${ALICE})`,
        'MessageID: m-1',
        'Source: twitter',
        `Date: ${formatTimestamp(T1)}`,
        '',
        '--- Text Start ---',
        'gm',
        '--- Text End ---',
      ].join('\n'),
    );
  });

  it('resolves names from metadata[source] and shows replies', () => {
    const out = formatPosts({
      messages: [post('m-2', BOB, ROOM, T2, { text: 'reply', source: 'twitter', inReplyTo: 'm-1' as UUID })],
      entities,
      conversationHeader: false,
    });
    expect(out.split('\n').slice(0, 4)).toEqual([
      `Name: Bobby (@bob_tw EntityID:${BOB})`,
      'MessageID: m-2',
      'In reply to: m-1',
      'Source: twitter',
    ]);
  });

  it('falls back to Unknown User and keeps an empty body between delimiters', () => {
    const out = formatPosts({ messages: [post('m-3', ANON, ROOM, T1, {})], entities, conversationHeader: false });
    expect(out).toContain(`Name: Unknown User (@unknown EntityID:${ANON})`);
    expect(out).toContain('Source: unknown');
    expect(out).toContain('--- Text Start ---\n\n--- Text End ---');
  });

  it('groups by room: posts oldest first, most recently active room first', () => {
    const out = formatPosts({
      messages: [
        post('a2', ALICE, ROOM, T2, { text: 'room1-later' }),
        post('a1', ALICE, ROOM, T1, { text: 'room1-earlier' }),
        post('b1', BOB, ROOM2, T3, { text: 'room2' }),
      ],
      entities,
    });
    const order = ['room2', 'room1-earlier', 'room1-later'].map((text) => out.indexOf(text));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(out.indexOf(`Conversation: ${ROOM2.slice(-5)}`)).toBe(0);
    expect(out).toContain(`Conversation: ${ROOM.slice(-5)}`);
  });

  it('returns an empty string for no posts', () => {
    expect(formatPosts({ messages: [], entities })).toBe('');
  });
});
