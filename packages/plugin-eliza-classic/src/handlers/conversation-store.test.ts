import type { IAgentRuntime } from '@kith/core';
import { ConversationStore, conversationKey } from './conversation-store';

function runtimeWithCache(cache: Map<string, unknown>): IAgentRuntime {
  return {
    getCache: async (key: string) => cache.get(key),
    setCache: async (key: string, value: unknown) => {
      cache.set(key, JSON.parse(JSON.stringify(value)));
      return true;
    },
  } as unknown as IAgentRuntime;
}

describe('ConversationStore', () => {
  it('remembers the memory queue across a restart through the runtime cache', async () => {
    const cache = new Map<string, unknown>();
    const key = conversationKey('agent-1', 'Alice');
    await new ConversationStore().withEngine(runtimeWithCache(cache), key, (engine) =>
      engine.respond('my boss shouts at me'),
    );

    // A new store is what a restarted process has: nothing in memory, only the cache.
    const reply = await new ConversationStore().withEngine(runtimeWithCache(cache), key, (engine) =>
      engine.reply('anyway'),
    );
    expect(reply).toEqual({
      text: "Let's discuss further why your boss shouts at you.",
      keyword: null,
      source: 'memory',
    });
  });

  it('keys by agent and speaker', () => {
    expect(conversationKey('a', 'Alice')).not.toBe(conversationKey('b', 'Alice'));
    expect(conversationKey('a', 'Alice')).not.toBe(conversationKey('a', 'Bob'));
    expect(conversationKey('a', null)).toBe(conversationKey('a', '  '));
  });

  it('keeps at most the configured number of conversations in process', async () => {
    const store = new ConversationStore(2);
    const runtime = {} as unknown as IAgentRuntime; // no cache methods at all
    for (const speaker of ['a', 'b', 'c'])
      await store.withEngine(runtime, speaker, (engine) => engine.respond(`my ${speaker} is lost`));
    const first = await store.withEngine(runtime, 'a', (engine) => engine.reply('hmm'));
    const last = await store.withEngine(runtime, 'c', (engine) => engine.reply('hmm'));
    expect(first.source).toBe('none'); // evicted
    expect(last.source).toBe('memory');
  });
});
