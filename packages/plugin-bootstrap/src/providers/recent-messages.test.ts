import { ContentType, type UUID } from '@kith/core';
import { ADA, BOB, createHarness } from '../__fixtures__/bootstrap-harness';
import { recentMessagesProvider } from './recent-messages';

const EMPTY = { values: {}, data: {}, text: '' };

async function withHistory(count: number, settings?: Record<string, string>) {
  const harness = await createHarness({ settings });
  for (let i = 1; i <= count; i++) {
    await harness.runtime.createMemory(harness.message(`message ${i}`, { entityId: i % 2 ? ADA : BOB, createdAt: 1_000 + i }), 'messages');
  }
  return harness;
}

describe('RECENT_MESSAGES', () => {
  it('shows the last 20 messages by default, oldest first, then the received one', async () => {
    const { runtime, message } = await withHistory(30);
    const result = await recentMessagesProvider.get(runtime, message('now'), EMPTY);
    const lines = String(result.values?.recentMessages).split('\n');
    expect(lines).toHaveLength(20);
    expect(lines[0]).toBe('Ada: message 11');
    expect(lines[19]).toBe('Bob: message 30');
    expect(result.text?.endsWith('# Received Message\nAda: now')).toBe(true);
    expect(result.values).toMatchObject({ conversationLength: 20, messageText: 'now', userName: 'Ada', isNewUser: false, hasAttachments: false });
  });

  it('honours CONVERSATION_LENGTH', async () => {
    const { runtime, message } = await withHistory(10, { CONVERSATION_LENGTH: '4' });
    const result = await recentMessagesProvider.get(runtime, message('now'), EMPTY);
    expect(String(result.values?.recentMessages).split('\n')).toEqual(['Ada: message 7', 'Bob: message 8', 'Ada: message 9', 'Bob: message 10']);
  });

  it('does not show the received message twice once it is stored', async () => {
    const { runtime, message } = await withHistory(2);
    const incoming = message('hello again', { createdAt: 5_000 });
    await runtime.createMemory(incoming, 'messages');
    const result = await recentMessagesProvider.get(runtime, incoming, EMPTY);
    expect(result.text?.match(/hello again/g)).toHaveLength(1);
  });

  it('flags a new user and attachments, and names attachments in the conversation', async () => {
    const { runtime, message } = await withHistory(0);
    const photo = { id: 'p1', url: 'https://x.test/p.png', title: 'Cat photo', description: 'a cat on a sofa', contentType: ContentType.IMAGE };
    const incoming = message('look', { content: { text: 'look', attachments: [photo] } });
    const result = await recentMessagesProvider.get(runtime, incoming, EMPTY);
    expect(result.values).toMatchObject({ isNewUser: true, hasAttachments: true, roomId: incoming.roomId as UUID });
    expect(result.text).toContain('Ada: look (attachments: Cat photo: a cat on a sofa)');
  });
});
