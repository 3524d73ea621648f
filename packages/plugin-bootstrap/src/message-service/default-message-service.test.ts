import { ChannelType, randomUuid, type Content, type IAgentRuntime, type Memory } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import { pipelineHarness, USER } from '../testing/pipeline-harness';

const setup = pipelineHarness;

describe('DefaultMessageService', () => {
  it('answers a DM with exactly one TEXT_LARGE call and stores both messages', async () => {
    const { model, replies, send, stored, runtime } = await setup([scriptedReply('Tell me more about that.')]);
    const events: string[] = [];
    runtime.on('RUN_STARTED', () => void events.push('started'));
    runtime.on('RUN_ENDED', (p) => void events.push(`ended:${p.status}`));

    const result = await send('I am unhappy');

    expect(model.calls).toHaveLength(1);
    expect(model.calls[0].modelType).toBe('TEXT_LARGE');
    expect(model.calls[0].prompt).toContain('# Received Message\nAda: I am unhappy');
    expect(result.didRespond).toBe(true);
    expect(result.mode).toBe('simple');
    expect(replies.map((r) => r.text)).toEqual(['Tell me more about that.']);
    const texts = (await stored()).map((m) => m.content.text).reverse();
    expect(texts).toEqual(['I am unhappy', 'Tell me more about that.']);
    expect(events).toEqual(['started', 'ended:completed']);
  });

  it('shows the earlier exchange to the model on the next turn', async () => {
    const { model, send } = await setup([scriptedReply('Why are you unhappy?'), scriptedReply('I see.')]);
    await send('I am unhappy');
    await send('Work is hard');
    const prompt = model.calls[1].prompt;
    expect(prompt).toContain('Ada: I am unhappy');
    expect(prompt).toContain(': Why are you unhappy?');
    expect(prompt).toContain('# Received Message\nAda: Work is hard');
  });

  it('records an IGNORE decision without sending text', async () => {
    const { replies, send, stored } = await setup([scriptedReply('', ['IGNORE'], 'not for me')]);
    const result = await send('spam spam');
    expect(result.mode).toBe('ignored');
    expect(replies).toHaveLength(1);
    expect(replies[0].actions).toEqual(['IGNORE']);
    expect(replies[0].text).toBeUndefined();
    const memories = await stored();
    expect(memories).toHaveLength(2);
    expect(memories.some((m) => m.content.actions?.includes('IGNORE'))).toBe(true);
  });

  it('drops IGNORE when the model also wrote a reply', async () => {
    const { replies, send } = await setup([scriptedReply('Hello!', ['IGNORE', 'REPLY'])]);
    await send('hi');
    expect(replies.map((r) => r.text)).toEqual(['Hello!']);
  });

  it('asks TEXT_SMALL first in a group room and stops there on IGNORE', async () => {
    const decline = '<response><name>Test</name><reasoning>not addressed</reasoning><action>IGNORE</action></response>';
    const { model, replies, send } = await setup([decline], { type: ChannelType.GROUP });
    const result = await send('talking to someone else');
    expect(model.calls.map((c) => c.modelType)).toEqual(['TEXT_SMALL']);
    expect(result.mode).toBe('ignored');
    expect(replies[0].actions).toEqual(['IGNORE']);
  });

  it('answers in a group room when the model says RESPOND', async () => {
    const accept = '<response><name>Test</name><reasoning>asked me</reasoning><action>RESPOND</action></response>';
    const { model, replies, send } = await setup([accept, scriptedReply('Sure.')], { type: ChannelType.GROUP });
    await send('can you help?');
    expect(model.calls.map((c) => c.modelType)).toEqual(['TEXT_SMALL', 'TEXT_LARGE']);
    expect(replies.map((r) => r.text)).toEqual(['Sure.']);
  });

  it('answers a message delivered twice only once', async () => {
    const { model, replies, runtime, roomId } = await setup([scriptedReply('Once.')]);
    const message: Memory = { id: randomUuid(), entityId: USER, roomId, content: { text: 'hello', source: 'test' } };
    const callback = async (content: Content) => {
      replies.push(content);
      return [];
    };
    const [first, second] = await Promise.all([
      runtime.messageService!.handleMessage(runtime, { ...message }, callback),
      runtime.messageService!.handleMessage(runtime, { ...message }, callback),
    ]);
    expect([first.mode, second.mode].sort()).toEqual(['duplicate', 'simple']);
    expect(model.calls).toHaveLength(1);
    expect(replies).toHaveLength(1);
  });

  it('never answers its own messages', async () => {
    const { model, send, runtime } = await setup([]);
    const result = await send('echo', { entityId: runtime.agentId });
    expect(result.mode).toBe('skipped');
    expect(model.calls).toHaveLength(0);
  });

  it('runs REPLY through processActions without a second model call', async () => {
    const { model, replies, send } = await setup([scriptedReply('Done.', ['REPLY', 'NONE'])]);
    const result = await send('do it');
    expect(result.mode).toBe('actions');
    expect(model.calls).toHaveLength(1);
    expect(replies.map((r) => r.text)).toEqual(['Done.']);
  });

  it('retries while the output lacks a thought or actions', async () => {
    const { model, replies, send } = await setup(['garbage without xml', scriptedReply('Recovered.')]);
    await send('hello');
    expect(model.calls).toHaveLength(2);
    expect(replies.map((r) => r.text)).toEqual(['Recovered.']);
  });

  it('processes one room in arrival order under concurrency (keepExistingResponses)', async () => {
    const { replies, send } = await setup(
      (prompt) => scriptedReply(`re: ${/# Received Message\nAda: (message \d)/.exec(prompt)?.[1] ?? '?'}`),
      { settings: { BASIC_CAPABILITIES_KEEP_RESP: 'true' } },
    );
    await Promise.all(Array.from({ length: 5 }, (_, i) => send(`message ${i}`)));
    expect(replies.map((r) => r.text)).toEqual([
      're: message 0',
      're: message 1',
      're: message 2',
      're: message 3',
      're: message 4',
    ]);
  });

  it('discards replies made stale by a newer message, without calling the model for them', async () => {
    const { model, replies, send, runtime } = await setup(() => scriptedReply('latest only'));
    const statuses: string[] = [];
    runtime.on('RUN_ENDED', (p) => void statuses.push(p.status));
    const results = await Promise.all(Array.from({ length: 3 }, (_, i) => send(`message ${i}`)));
    expect(results.map((r) => r.mode)).toEqual(['discarded', 'discarded', 'simple']);
    expect(model.calls).toHaveLength(1);
    expect(replies.map((r) => r.text)).toEqual(['latest only']);
    expect(statuses).toEqual(['discarded', 'discarded', 'completed']);
  });

  it('stores nothing with DISABLE_MEMORY_CREATION but still answers', async () => {
    const { replies, send, stored } = await setup([scriptedReply('Not saved.')], {
      settings: { DISABLE_MEMORY_CREATION: 'true' },
    });
    const result = await send('secret');
    expect(replies.map((r) => r.text)).toEqual(['Not saved.']);
    expect(result.didRespond).toBe(true);
    expect(await stored()).toHaveLength(0);
  });

  it('ends the run with status error when the model throws, and answers the next message', async () => {
    let calls = 0;
    const { replies, send, runtime } = await setup(() => {
      calls++;
      if (calls === 1) throw new Error('model down');
      return scriptedReply('Back.');
    });
    const statuses: string[] = [];
    runtime.on('RUN_ENDED', (p) => void statuses.push(p.status));
    const failed = await send('first');
    expect(failed.mode).toBe('error');
    await send('second');
    expect(statuses).toEqual(['error', 'completed']);
    expect(replies.map((r) => r.text)).toEqual(['Back.']);
  });

  it('is reachable through the MESSAGE_RECEIVED event', async () => {
    const { runtime, roomId } = await setup([scriptedReply('Via event.')]);
    const got: string[] = [];
    await (runtime as IAgentRuntime).emitEvent('MESSAGE_RECEIVED', {
      message: { id: randomUuid(), entityId: USER, roomId, content: { text: 'hi', source: 'test' } },
      callback: async (content: Content) => {
        got.push(content.text ?? '');
        return [];
      },
    });
    expect(got).toEqual(['Via event.']);
  });
});
