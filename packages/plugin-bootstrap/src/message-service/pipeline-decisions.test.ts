import {
  ChannelType,
  createUniqueUuid,
  MessageLedger,
  randomUuid,
  stringToUuid,
  type Evaluator,
  type Plugin,
  type UUID,
} from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import { pipelineHarness, USER } from '../testing/pipeline-harness';

const respond = '<response><name>Testy</name><reasoning>asked</reasoning><action>RESPOND</action></response>';
const stop = '<response><name>Testy</name><reasoning>told to be quiet</reasoning><action>STOP</action></response>';

describe('should-respond decisions', () => {
  it('answers a group message that names the agent without asking TEXT_SMALL', async () => {
    const { model, replies, send } = await pipelineHarness([scriptedReply('You called?')], { type: ChannelType.GROUP });
    await send('hey Testy, are you there?');
    expect(model.calls.map((c) => c.modelType)).toEqual(['TEXT_LARGE']);
    expect(replies.map((r) => r.text)).toEqual(['You called?']);
  });

  it('answers a group reply to one of its own messages without asking TEXT_SMALL', async () => {
    const { model, replies, send, stored } = await pipelineHarness(
      [respond, scriptedReply('First.'), scriptedReply('Second.')],
      { type: ChannelType.GROUP },
    );
    await send('can someone help?');
    const agentMessage = (await stored()).find((m) => m.content.text === 'First.');
    await send('thanks, one more thing', {
      content: { text: 'thanks, one more thing', source: 'test', inReplyTo: agentMessage!.id },
    });
    expect(model.calls.map((c) => c.modelType)).toEqual(['TEXT_SMALL', 'TEXT_LARGE', 'TEXT_LARGE']);
    expect(replies.map((r) => r.text)).toEqual(['First.', 'Second.']);
  });

  it('mutes the room on STOP, then ignores it without a model call unless named', async () => {
    const { model, replies, send, runtime, roomId } = await pipelineHarness([stop, scriptedReply('I am here.')], {
      type: ChannelType.GROUP,
    });
    const first = await send('please stop talking');
    expect(first.mode).toBe('ignored');
    expect(await runtime.getParticipantUserState(roomId, runtime.agentId)).toBe('MUTED');
    const second = await send('just chatting among ourselves');
    expect(second.mode).toBe('ignored');
    expect(model.calls).toHaveLength(1);
    await send('Testy, what do you think?');
    expect(model.calls.map((c) => c.modelType)).toEqual(['TEXT_SMALL', 'TEXT_LARGE']);
    expect(replies.filter((r) => r.text).map((r) => r.text)).toEqual(['I am here.']);
    // Every message got exactly one decision: two recorded IGNOREs and one reply.
    expect(replies.map((r) => (r.actions ?? []).join())).toEqual(['IGNORE', 'IGNORE', 'REPLY']);
  });

  it('cuts an agent-to-agent chain after MAX_AGENT_REPLY_CHAIN turns until a human speaks', async () => {
    const { model, send, runtime } = await pipelineHarness(() => scriptedReply('ok'), {
      settings: { MAX_AGENT_REPLY_CHAIN: '2' },
    });
    const otherAgent = randomUuid();
    await runtime.createAgent({ id: otherAgent, name: 'Other bot', bio: 'another agent' });
    const fromAgent = (text: string) => send(text, { entityId: otherAgent });
    expect((await fromAgent('ping 1')).mode).toBe('simple');
    expect((await fromAgent('ping 2')).mode).toBe('simple');
    expect((await fromAgent('ping 3')).mode).toBe('ignored');
    expect((await send('a human says hi')).mode).toBe('simple');
    expect((await fromAgent('ping 4')).mode).toBe('simple');
    expect(model.calls).toHaveLength(4);
  });
});

describe('requested providers', () => {
  it('composes the providers the model asked for before running its actions', async () => {
    const seen: string[] = [];
    const weather: Plugin = {
      name: 'weather',
      description: 'test provider',
      providers: [
        {
          name: 'WEATHER_NOW',
          dynamic: true,
          get: async (_rt, message) => (seen.push(message.content.text ?? ''), { text: 'Sunny, 21 C' }),
        },
      ],
      actions: [
        {
          name: 'REPORT_WEATHER',
          description: 'Reports the weather',
          similes: [],
          examples: [],
          validate: async () => true,
          handler: async (_rt, _message, state, _options, callback) => {
            await callback?.({
              text: `Weather: ${String(state?.values?.providers ?? '').includes('Sunny') ? 'sunny' : 'unknown'}`,
            });
            return { success: true };
          },
        },
      ],
    };
    const { replies, send } = await pipelineHarness(
      [scriptedReply('', ['REPORT_WEATHER'], 'check the weather', { providers: ['WEATHER_NOW'] })],
      {
        plugins: [weather],
      },
    );
    await send('how is the weather?');
    expect(seen).toEqual(['how is the weather?']);
    expect(replies.map((r) => r.text)).toEqual(['Weather: sunny']);
  });
});

describe('memory policy and exactly once', () => {
  it('with ALLOW_MEMORY_SOURCE_IDS stores only listed messages but answers all', async () => {
    const { replies, send, stored } = await pipelineHarness(() => scriptedReply('noted'), {
      settings: { ALLOW_MEMORY_SOURCE_IDS: 'keep-1, keep-2' },
    });
    await send('kept', { metadata: { sourceId: 'keep-1' } });
    await send('not kept', { metadata: { sourceId: 'other' } });
    await send('no source id');
    expect(replies).toHaveLength(3);
    expect((await stored()).map((m) => m.content.text).sort()).toEqual(['kept', 'noted']);
  });

  it('with ALLOW_MEMORY_SOURCE_IDS, a shared sourceId names a source, not a message: each message is answered', async () => {
    const { replies, send, stored } = await pipelineHarness(() => scriptedReply('noted'), {
      settings: { ALLOW_MEMORY_SOURCE_IDS: 'support-bot' },
    });
    expect((await send('first', { metadata: { sourceId: 'support-bot' } })).mode).toBe('simple');
    expect((await send('second', { metadata: { sourceId: 'support-bot' } })).mode).toBe('simple');
    expect(replies).toHaveLength(2);
    expect((await stored()).map((m) => m.content.text).sort()).toEqual(['first', 'noted', 'noted', 'second']);
  });

  it('does not answer a message stored and answered before (a redelivery after a restart)', async () => {
    const { model, send, runtime, roomId } = await pipelineHarness(() => scriptedReply('once'));
    const id = randomUuid();
    const createdAt = Date.now() - 1_000;
    await runtime.createMemory(
      { id, entityId: USER, roomId, content: { text: 'answered before the restart' }, createdAt },
      'messages',
    );
    const reply = { text: 'the answer', inReplyTo: createUniqueUuid(runtime, id) };
    await runtime.createMemory(
      { entityId: runtime.agentId, roomId, content: reply, createdAt: createdAt + 10 },
      'messages',
    );
    const replies = jest.spyOn(runtime.adapter, 'getRepliesTo' as never);
    const scan = jest.spyOn(runtime.adapter, 'getMemories');
    expect((await send('answered before the restart', { id })).mode).toBe('duplicate');
    expect(model.calls).toHaveLength(0);
    // Its recorded decision is found by the indexed getRepliesTo, not a scan of the room.
    expect(replies).toHaveBeenCalledWith(createUniqueUuid(runtime, id));
    expect(scan).not.toHaveBeenCalled();
  });

  it('answers a message stored but never answered (the process stopped in between), storing it once', async () => {
    const { model, send, runtime, roomId } = await pipelineHarness(() => scriptedReply('answered after all'));
    const id = randomUuid();
    await runtime.createMemory(
      { id, entityId: USER, roomId, content: { text: 'cut off by a crash' }, createdAt: Date.now() - 1_000 },
      'messages',
    );
    const outcome = await send('cut off by a crash', { id });
    expect(outcome.mode).toBe('simple');
    expect(outcome.responseContent?.text).toBe('answered after all');
    const stored = await runtime.getMemories({ tableName: 'messages', roomId });
    expect(stored.filter((m) => m.id === id)).toHaveLength(1);
    // Delivered again later, it is now answered: not a second time.
    expect((await send('cut off by a crash', { id })).mode).toBe('duplicate');
    expect(model.calls.filter((c) => c.modelType === 'TEXT_LARGE')).toHaveLength(1);
  });

  it('answers a message delivered again from the ledger: no lookup, no second turn', async () => {
    const { send, runtime, model } = await pipelineHarness(() => scriptedReply('once'));
    const id = randomUuid();
    await send('first delivery', { id });
    const byId = jest.spyOn(runtime.adapter, 'getMemoryById');
    const scan = jest.spyOn(runtime.adapter, 'getMemories');
    expect((await send('first delivery', { id })).mode).toBe('duplicate');
    expect(byId).not.toHaveBeenCalled();
    expect(scan).not.toHaveBeenCalled();
    expect(model.calls.filter((c) => c.modelType === 'TEXT_LARGE')).toHaveLength(1);
  });

  it('takes a message its caller stored (messageStored) without looking it up or storing it again', async () => {
    const { runtime, roomId, callback, model } = await pipelineHarness(() => scriptedReply('fine'));
    const message = {
      id: randomUuid(),
      entityId: USER,
      roomId,
      content: { text: 'stored by the bus' },
      createdAt: Date.now(),
    };
    await runtime.createMemory(message, 'messages');
    const byId = jest.spyOn(runtime.adapter, 'getMemoryById');
    const create = jest.spyOn(runtime.adapter, 'createMemory');
    const embed = jest.spyOn(runtime, 'queueEmbeddingGeneration');
    // The pipeline's own contract, as the message ledger calls it.
    const outcome = await runtime.messagePipeline!.handleMessage(runtime, { ...message }, callback, {
      messageStored: true,
    });
    await runtime.messageService!.whenIdle!();
    expect(outcome.mode).toBe('simple');
    expect(byId).not.toHaveBeenCalled();
    expect(create.mock.calls.map(([memory]) => memory.content.text)).toEqual(['fine']);
    expect(embed).toHaveBeenCalledWith(expect.objectContaining({ id: message.id }), 'high');
    expect(model.calls[0].prompt).toContain('Ada: stored by the bus');
  });

  it('starts commitWithDecision in the same tick as the first decision is written, and only once', async () => {
    const { runtime, roomId, callback } = await pipelineHarness(() => scriptedReply('', ['IGNORE'], 'no'));
    const order: string[] = [];
    jest.spyOn(runtime.adapter, 'createMemory').mockImplementation(async (memory) => {
      order.push(`write ${memory.content.actions?.join() ?? memory.content.text}`);
      await new Promise((resolve) => setImmediate(resolve));
      order.push('written');
      return memory.id as UUID;
    });
    const commitWithDecision = jest.fn(async () => void order.push('joined'));
    const message = { id: randomUuid(), entityId: USER, roomId, content: { text: 'whatever' }, createdAt: Date.now() };
    const outcome = await runtime.messagePipeline!.handleMessage(runtime, message, callback, { commitWithDecision });
    await runtime.messageService!.whenIdle!();
    expect(outcome.mode).toBe('ignored');
    expect(commitWithDecision).toHaveBeenCalledTimes(1);
    // The message, then the IGNORE decision and the joined write together before either settles.
    expect(order).toEqual(['write whatever', 'written', 'write IGNORE', 'joined', 'written']);
  });

  it('answers a platform message delivered twice once: connectors derive its memory id from the platform id', async () => {
    const { model, send } = await pipelineHarness(() => scriptedReply('once'));
    const id = stringToUuid('telegram-message-42');
    const results = await Promise.all([send('hi', { id }), send('hi', { id })]);
    expect(results.map((r) => r.mode).sort()).toEqual(['duplicate', 'simple']);
    expect(model.calls).toHaveLength(1);
  });

  it('does not take metadata.sourceId for a message id: elizaOS connectors set it to the chat, shared by its messages', async () => {
    const { model, send } = await pipelineHarness(() => scriptedReply('each'));
    expect((await send('first', { metadata: { sourceId: 'telegram-chat-555' } })).mode).toBe('simple');
    expect((await send('second', { metadata: { sourceId: 'telegram-chat-555' } })).mode).toBe('simple');
    expect(model.calls).toHaveLength(2);
  });
});

describe('timeouts and the reply path', () => {
  it('ends a run past RESPONSE_TIMEOUT with RUN_TIMEOUT, sends nothing late, and answers the next message', async () => {
    let release!: () => void;
    let calls = 0;
    // A TEXT_LARGE handler above the scripted one: the first call hangs until released.
    const slowModel: Plugin = {
      name: 'slow-model',
      description: 'hangs once',
      priority: 10,
      models: {
        TEXT_LARGE: async () => {
          calls++;
          if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
          return scriptedReply(calls === 1 ? 'too late' : 'on time');
        },
      },
    };
    const { replies, send, runtime } = await pipelineHarness([], {
      settings: { RESPONSE_TIMEOUT: '50' },
      plugins: [slowModel],
    });
    const events: string[] = [];
    runtime.on('RUN_TIMEOUT', () => void events.push('timeout'));
    const first = await send('slow one');
    expect(first.mode).toBe('error');
    expect(first.error).toContain('RESPONSE_TIMEOUT');
    expect(events).toEqual(['timeout']);
    await send('next');
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(replies.map((r) => r.text)).toEqual(['on time']);
  });

  it('delivers the reply and frees the room before a slow evaluator finishes', async () => {
    let finishEvaluator!: () => void;
    const evaluated: string[] = [];
    const slowEvaluator: Evaluator = {
      name: 'SLOW_NOTES',
      description: 'takes its time',
      examples: [],
      alwaysRun: true,
      validate: async () => true,
      handler: async (_runtime, message) => {
        if (message.content.text === 'one') await new Promise<void>((resolve) => (finishEvaluator = resolve));
        evaluated.push(message.content.text ?? '');
        return undefined;
      },
    };
    const plugin: Plugin = { name: 'slow-evaluator', description: 'test', evaluators: [slowEvaluator] };
    const { runtime, roomId, replies, callback } = await pipelineHarness(() => scriptedReply('fast reply'), {
      plugins: [plugin],
    });
    const ended: string[] = [];
    runtime.on('RUN_ENDED', (p) => void ended.push(p.status));
    const message = (text: string) => ({ id: randomUuid(), entityId: USER, roomId, content: { text, source: 'test' } });
    const first = await runtime.messageService!.handleMessage(runtime, message('one'), callback);
    expect(first.mode).toBe('simple');
    const second = await runtime.messageService!.handleMessage(runtime, message('two'), callback);
    expect(second.mode).toBe('simple');
    expect(replies).toHaveLength(2);
    expect(ended).toEqual([]); // the first run is still evaluating
    finishEvaluator();
    await runtime.messageService!.whenIdle!();
    expect(evaluated.sort()).toEqual(['one', 'two']);
    expect(ended).toEqual(['completed', 'completed']);
  });

  it('keeps no room-order state for idle rooms', async () => {
    const { runtime, send } = await pipelineHarness(() => scriptedReply('ok'));
    await Promise.all(Array.from({ length: 5 }, (_, i) => send(`m${i}`)));
    expect(MessageLedger.of(runtime).line.busyRooms).toBe(0);
  });
});

describe('attachments', () => {
  it('describes an image before generation, shows it to the model and stores the description', async () => {
    const vision: Plugin = {
      name: 'vision',
      description: 'test vision model',
      models: {
        IMAGE_DESCRIPTION: async () => ({ title: 'A red bicycle', description: 'A red bicycle leaning on a wall.' }),
      },
    };
    const { model, send, stored } = await pipelineHarness([scriptedReply('Nice bike!')], { plugins: [vision] });
    await send('look at this', {
      content: {
        text: 'look at this',
        source: 'test',
        attachments: [{ id: 'img-1', url: 'https://example.com/bike.png', contentType: 'image/png' }],
      },
    });
    expect(model.calls[0].prompt).toContain('A red bicycle leaning on a wall.');
    const incoming = (await stored()).find((m) => m.content.text === 'look at this');
    expect(incoming?.content.attachments?.[0]).toMatchObject({
      title: 'A red bicycle',
      description: 'A red bicycle leaning on a wall.',
    });
  });

  it('refuses an attachment URL on a private address by default and still answers', async () => {
    const { replies, send, stored } = await pipelineHarness([scriptedReply('I could not open that.')]);
    await send('read this', {
      content: {
        text: 'read this',
        source: 'test',
        attachments: [{ id: 'doc-1', url: 'http://169.254.169.254/latest/meta-data', contentType: 'text/plain' }],
      },
    });
    expect(replies.map((r) => r.text)).toEqual(['I could not open that.']);
    const incoming = (await stored()).find((m) => m.content.text === 'read this');
    expect(incoming?.content.attachments?.[0].text).toBeUndefined();
  });
});

describe('streaming', () => {
  it('streams the reply text (not the XML) to onStreamChunk as the model writes it', async () => {
    const full = scriptedReply('Streaming works & is quick.');
    const streamer: Plugin = {
      name: 'streaming-model',
      description: 'streams its output in small pieces',
      priority: 10,
      models: {
        TEXT_LARGE: async (_rt, params) => {
          const { onStreamChunk } = params as { onStreamChunk?: (chunk: string) => Promise<void> | void };
          for (let i = 0; i < full.length; i += 7) await onStreamChunk?.(full.slice(i, i + 7));
          return full;
        },
      },
    };
    const { runtime, roomId, callback, replies } = await pipelineHarness([], { plugins: [streamer] });
    const chunks: string[] = [];
    await runtime.messageService!.handleMessage(
      runtime,
      { id: randomUuid(), entityId: USER, roomId, content: { text: 'hi', source: 'test' } },
      callback,
      {
        onStreamChunk: (chunk) => void chunks.push(chunk),
      },
    );
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe('Streaming works & is quick.');
    expect(replies.map((r) => r.text)).toEqual(['Streaming works & is quick.']);
  });
});
