import { ContentType, type Memory } from '@kith/core';
import { ADA, BOB, createHarness } from '../testing/bootstrap-harness';
import { receivedMessageProvider } from './received-message';
import { recentMessagesProvider } from './recent-messages';

const EMPTY = { values: {}, data: {}, text: '' };

async function withHistory(count: number, settings?: Record<string, string>) {
  const harness = await createHarness({ settings });
  for (let i = 1; i <= count; i++) {
    await harness.runtime.createMemory(
      harness.message(`message ${i}`, { entityId: i % 2 ? ADA : BOB, createdAt: 1_000 + i }),
      'messages',
    );
  }
  return harness;
}

describe('RECENT_MESSAGES', () => {
  it('shows the last 20 messages by default, oldest first, and leaves the received one to RECEIVED_MESSAGE', async () => {
    const { runtime, message } = await withHistory(30);
    const incoming = message('now');
    const result = await recentMessagesProvider.get(runtime, incoming, EMPTY);
    const lines = String(result.values?.recentHistory).split('\n');
    expect(lines).toHaveLength(20);
    expect(lines[0]).toBe('Ada: message 11');
    expect(lines[19]).toBe('Bob: message 30');
    expect(result.text?.startsWith('# Conversation Messages\nAda: message 11\n')).toBe(true);
    expect(result.text?.endsWith('Bob: message 30')).toBe(true);
    expect(result.values).toMatchObject({
      conversationLength: 20,
      messageText: 'now',
      senderName: 'Ada',
      userName: 'Ada',
      isNewUser: false,
      hasAttachments: false,
    });
    expect(result.values?.receivedMessageHeader).toBe('# Received Message\nAda: now');
    // {{recentMessages}} ends with the received message, as elizaOS's does (plugins' templates extract from it).
    expect(result.values?.recentMessages).toBe(`${lines.join('\n')}\nAda: now`);
    expect((await receivedMessageProvider.get(runtime, incoming, EMPTY)).text).toBe('# Received Message\nAda: now');
  });

  it('honours CONVERSATION_LENGTH', async () => {
    const { runtime, message } = await withHistory(10, { CONVERSATION_LENGTH: '4' });
    const result = await recentMessagesProvider.get(runtime, message('now'), EMPTY);
    expect(String(result.values?.recentHistory).split('\n')).toEqual([
      'Ada: message 7',
      'Bob: message 8',
      'Ada: message 9',
      'Bob: message 10',
    ]);
  });

  it('shows the received message once, at the end of {{recentMessages}} only, once it is stored', async () => {
    const { runtime, message } = await withHistory(2);
    const incoming = message('hello again', { createdAt: 5_000 });
    await runtime.createMemory(incoming, 'messages');
    const result = await recentMessagesProvider.get(runtime, incoming, EMPTY);
    expect(result.text).not.toContain('hello again');
    expect(String(result.values?.recentHistory).split('\n')).toEqual(['Ada: message 1', 'Bob: message 2']);
    expect(String(result.values?.recentMessages).split('\n')).toEqual([
      'Ada: message 1',
      'Bob: message 2',
      'Ada: hello again',
    ]);
  });

  it('leaves out messages that arrived after the one answered (stored on acceptance, still waiting), keeping a full window', async () => {
    const { runtime, message } = await withHistory(40, { CONVERSATION_LENGTH: '4' });
    const incoming = message('answer me', { createdAt: 2_000 });
    await runtime.createMemory(incoming, 'messages');
    // Two later arrivals wait for their turn; the agent's reply to an earlier message was stored after this one arrived.
    await runtime.createMemory(message('later one', { entityId: BOB, createdAt: 2_001 }), 'messages');
    await runtime.createMemory(message('later two', { createdAt: 2_002 }), 'messages');
    await runtime.createMemory(
      message('reply to message 40', { entityId: runtime.agentId, createdAt: 2_003 }),
      'messages',
    );
    const result = await recentMessagesProvider.get(runtime, incoming, EMPTY);
    const lines = String(result.values?.recentHistory).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines.slice(0, 3)).toEqual(['Bob: message 38', 'Ada: message 39', 'Bob: message 40']);
    expect(lines[3]).toMatch(/: reply to message 40$/);
    expect(result.text).not.toContain('later');
  });

  it('flags a new user and attachments, and names attachments in the conversation and the received message', async () => {
    const { runtime, message } = await withHistory(0);
    const photo = {
      id: 'p1',
      url: 'https://x.test/p.png',
      title: 'Cat photo',
      description: 'a cat on a sofa',
      contentType: ContentType.IMAGE,
    };
    const incoming = message('look', { content: { text: 'look', attachments: [photo] } });
    const result = await recentMessagesProvider.get(runtime, incoming, EMPTY);
    expect(result.values).toMatchObject({ isNewUser: true, hasAttachments: true, roomId: incoming.roomId });
    expect(result.text).toBe('');
    expect((await receivedMessageProvider.get(runtime, incoming, EMPTY)).text).toBe(
      '# Received Message\nAda: look (attachments: Cat photo: a cat on a sofa)',
    );
    await runtime.createMemory(incoming, 'messages');
    expect((await recentMessagesProvider.get(runtime, message('and?'), EMPTY)).text).toContain(
      'Ada: look (attachments: Cat photo: a cat on a sofa)',
    );
  });

  describe('the window grows in blocks', () => {
    /** A DM-like run: each turn stores the user's message and a reply, as the pipeline does. */
    async function turns(count: number, settings: Record<string, string>) {
      const harness = await withHistory(6, settings);
      const windows: string[][] = [];
      let clock = 2_000;
      for (let turn = 0; turn < count; turn++) {
        const incoming: Memory = harness.message(`turn ${turn}`, { createdAt: clock++ });
        await harness.runtime.createMemory(incoming, 'messages');
        const result = await recentMessagesProvider.get(harness.runtime, incoming, EMPTY);
        // The pipeline composes state again for actions: the same message, the same window.
        expect((await recentMessagesProvider.get(harness.runtime, incoming, EMPTY)).values?.recentHistory).toBe(
          result.values?.recentHistory,
        );
        windows.push(String(result.values?.recentHistory).split('\n'));
        await harness.runtime.createMemory(
          harness.message(`reply ${turn}`, { entityId: harness.runtime.agentId, createdAt: clock++ }),
          'messages',
        );
      }
      return windows;
    }

    it('keeps its first message for PROMPT_ROTATION_TURNS turns, so each history starts with the previous one', async () => {
      const windows = await turns(7, { CONVERSATION_LENGTH: '4', PROMPT_ROTATION_TURNS: '3' });
      expect(windows.map((w) => w.length)).toEqual([4, 6, 8, 4, 6, 8, 4]);
      expect(windows[0]).toEqual(['Ada: message 3', 'Bob: message 4', 'Ada: message 5', 'Bob: message 6']);
      for (const turn of [1, 2, 4, 5])
        expect(windows[turn].slice(0, windows[turn - 1].length)).toEqual(windows[turn - 1]);
      // A new block starts again at the last CONVERSATION_LENGTH messages.
      expect(windows[3]).toEqual(['Ada: turn 1', 'Testy: reply 1', 'Ada: turn 2', 'Testy: reply 2']);
      // Never fewer than CONVERSATION_LENGTH: the model sees at least what a sliding window shows.
      windows.forEach((w) => expect(w.length).toBeGreaterThanOrEqual(4));
    });

    it('keeps its first message when more messages came between two turns than the first read takes', async () => {
      const harness = await withHistory(6, { CONVERSATION_LENGTH: '4', PROMPT_ROTATION_TURNS: '3' });
      const reads = jest.spyOn(harness.runtime, 'getMemories');
      let clock = 2_000;
      const turn = async (text: string) => {
        const incoming: Memory = harness.message(text, { createdAt: clock++ });
        await harness.runtime.createMemory(incoming, 'messages');
        return String((await recentMessagesProvider.get(harness.runtime, incoming, EMPTY)).values?.recentHistory).split(
          '\n',
        );
      };
      expect(await turn('turn 0')).toEqual(['Ada: message 3', 'Bob: message 4', 'Ada: message 5', 'Bob: message 6']);
      await harness.runtime.createMemory(
        harness.message('reply 0', { entityId: harness.runtime.agentId, createdAt: clock++ }),
        'messages',
      );
      for (const text of ['x1', 'x2', 'x3'])
        await harness.runtime.createMemory(harness.message(text, { createdAt: clock++ }), 'messages');
      reads.mockClear();
      const window = await turn('turn 1');
      expect(window).toEqual([
        'Ada: message 3',
        'Bob: message 4',
        'Ada: message 5',
        'Bob: message 6',
        'Ada: turn 0',
        'Testy: reply 0',
        'Ada: x1',
        'Ada: x2',
        'Ada: x3',
      ]);
      // The first read (the 4 messages shown, and 4 more) did not reach the block's first message.
      expect(reads.mock.calls.map(([params]) => params.count)).toEqual([8, 12]);
    });

    it('reads the messages its window shows and a few more, not the most a block may need', async () => {
      const harness = await withHistory(6, { CONVERSATION_LENGTH: '4', PROMPT_ROTATION_TURNS: '3' });
      const reads = jest.spyOn(harness.runtime, 'getMemories');
      let clock = 2_000;
      for (let turn = 0; turn < 4; turn++) {
        const incoming: Memory = harness.message(`turn ${turn}`, { createdAt: clock++ });
        await harness.runtime.createMemory(incoming, 'messages');
        await recentMessagesProvider.get(harness.runtime, incoming, EMPTY);
        await harness.runtime.createMemory(
          harness.message(`reply ${turn}`, { entityId: harness.runtime.agentId, createdAt: clock++ }),
          'messages',
        );
      }
      // Windows of 4, 6, 8 and 4 (a new block); the most a block may need is 4 + 2 * 3 + 2 = 12.
      expect(reads.mock.calls.map(([params]) => params.count)).toEqual([6, 8, 10, 6]);
    });

    it('slides by each message with PROMPT_ROTATION_TURNS=1', async () => {
      const windows = await turns(3, { CONVERSATION_LENGTH: '4', PROMPT_ROTATION_TURNS: '1' });
      expect(windows.map((w) => w.length)).toEqual([4, 4, 4]);
      expect(windows[2]).toEqual(['Ada: turn 0', 'Testy: reply 0', 'Ada: turn 1', 'Testy: reply 1']);
    });
  });
});
