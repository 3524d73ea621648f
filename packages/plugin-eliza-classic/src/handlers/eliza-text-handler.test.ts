import {
  composePromptFromState,
  continueTemplate,
  evaluationTemplate,
  extractParametersTemplate,
  messageHandlerTemplate,
  parseJSONObjectFromText,
  parseJsonArrayFromText,
  parseKeyValueXml,
  postCreationTemplate,
  reflectionTemplate,
  shouldRespondTemplate,
  type IAgentRuntime,
  type State,
} from '@kith/core';
import { ElizaEngine } from '../doctor/eliza-engine';
import { elizaTextHandler } from './eliza-text-handler';

let nextAgent = 0;

/** The slice of the runtime the handler touches, with a cache that behaves like the adapter's. */
function fakeRuntime(cache: Map<string, unknown> = new Map()): IAgentRuntime {
  const runtime = {
    agentId: `00000000-0000-4000-8000-${String(++nextAgent).padStart(12, '0')}`,
    character: { name: 'Eliza', bio: 'A Rogerian psychotherapist.' },
    getCache: async (key: string) => cache.get(key),
    setCache: async (key: string, value: unknown) => {
      cache.set(key, structuredClone(value));
      return true;
    },
  };
  return runtime as unknown as IAgentRuntime;
}

function recentMessages(message: string, speaker = 'Alice'): string {
  return [
    '# Conversation Messages',
    `${speaker}: hello`,
    'Eliza: How do you do. Please state your problem.',
    '',
    '# Received Message',
    `${speaker}: ${message}`,
  ].join('\n');
}

function stateFor(message: string, speaker = 'Alice'): State {
  const recent = recentMessages(message, speaker);
  return {
    values: {
      agentName: 'Eliza',
      providers: `# About Eliza\nA Rogerian psychotherapist.\n\n${recent}`,
      recentMessages: recent,
      actionNames: 'REPLY, IGNORE, NONE',
      entitiesInRoom: 'Alice, Eliza',
      knownFacts: '',
      evaluators: 'REFLECTION: extracts facts',
      actionName: 'SEND_MESSAGE',
      parameterSchema: '- target (string, required): who to send to',
      adjective: 'thoughtful',
      topic: 'gardening',
    },
    data: {},
    text: '',
  };
}

async function run(template: string, message: string, runtime = fakeRuntime(), speaker = 'Alice'): Promise<string> {
  const prompt = composePromptFromState({ state: stateFor(message, speaker), template });
  return elizaTextHandler(runtime, { prompt });
}

const decode = (text: string): string => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('elizaTextHandler with the core templates', () => {
  it('should-respond: RESPOND to a message', async () => {
    const parsed = parseKeyValueXml(await run(shouldRespondTemplate, 'I feel sad today'));
    expect(parsed).toMatchObject({ name: 'Eliza', action: 'RESPOND' });
    expect(typeof parsed?.reasoning).toBe('string');
  });

  it('should-respond: IGNORE an empty message, STOP when plainly asked to be quiet', async () => {
    expect(parseKeyValueXml(await run(shouldRespondTemplate, ''))?.action).toBe('IGNORE');
    expect(parseKeyValueXml(await run(shouldRespondTemplate, 'Eliza, please be quiet.'))?.action).toBe('STOP');
    expect(parseKeyValueXml(await run(shouldRespondTemplate, 'shut up!'))?.action).toBe('STOP');
    expect(parseKeyValueXml(await run(shouldRespondTemplate, "I can't stop crying"))?.action).toBe('RESPOND');
  });

  it('message handler: REPLY with the DOCTOR reply in <text>', async () => {
    const parsed = parseKeyValueXml(await run(messageHandlerTemplate, 'I am sad about my job'));
    expect(parsed?.actions).toEqual(['REPLY']);
    expect(parsed?.providers).toEqual([]);
    expect(typeof parsed?.thought).toBe('string');
    expect(String(parsed?.text).toLowerCase()).toContain('your job');
  });

  it('message handler: an empty message gets IGNORE', async () => {
    const parsed = parseKeyValueXml(await run(messageHandlerTemplate, ''));
    expect(parsed?.actions).toEqual(['IGNORE']);
  });

  it('escapes <, > and & so the reply still parses', async () => {
    for (const message of ['I <3 you & me', 'my cat & dog <3 me > you']) {
      const output = await run(messageHandlerTemplate, message);
      const parsed = parseKeyValueXml(output);
      expect(parsed?.actions).toEqual(['REPLY']);
      // core keeps entities in <text> verbatim; decoding gives back the engine's reply.
      expect(decode(String(parsed?.text))).toBe(new ElizaEngine().respond(message));
    }
    const output = await run(messageHandlerTemplate, 'my cat & dog <3 me > you');
    expect(output).toContain('<text>Your cat &amp; dog &lt;3 you &gt; me.</text>');
  });

  it('reflection: a valid empty reflection', async () => {
    const parsed = parseKeyValueXml(await run(reflectionTemplate, 'my brother is a doctor'));
    expect(parsed?.thought).toEqual(expect.any(String));
    expect(parsed?.facts).toBe('');
    expect(parsed?.relationships).toBe('');
  });

  it('evaluation: an empty JSON array', async () => {
    const output = await run(evaluationTemplate, 'anything');
    expect(output).toBe('[]');
    expect(parseJsonArrayFromText(output)).toEqual([]);
  });

  it('parameter extraction: an empty JSON object', async () => {
    const output = await run(extractParametersTemplate, 'send it to Bob');
    expect(output).toBe('{}');
    expect(parseJSONObjectFromText(output)).toEqual({});
  });

  it('post creation: a DOCTOR post about the topic and an empty image prompt', async () => {
    const state = stateFor('');
    state.values.providers = '# About Eliza\nA Rogerian psychotherapist.';
    const output = await elizaTextHandler(fakeRuntime(), {
      prompt: composePromptFromState({ state, template: postCreationTemplate }),
    });
    const parsed = parseKeyValueXml(output);
    expect(String(parsed?.post)).toMatch(/gardening/);
    expect(parsed?.imagePrompt).toBe('');
  });

  it('any other prompt: the message-handler shape', async () => {
    const parsed = parseKeyValueXml(await run(continueTemplate, 'My father is afraid of everybody'));
    expect(parsed?.actions).toEqual(['REPLY']);
    expect(String(parsed?.text).length).toBeGreaterThan(0);
  });
});

describe('elizaTextHandler conversation state', () => {
  it('keeps one memory queue per conversation partner', async () => {
    const runtime = fakeRuntime();
    const text = async (message: string, speaker: string): Promise<string> =>
      String(parseKeyValueXml(await run(messageHandlerTemplate, message, runtime, speaker))?.text);
    await text('my mother hates me', 'Alice');
    expect(await text('the weather is nice', 'Bob')).toBe('I am not sure I understand you fully.');
    expect(await text('the weather is nice', 'Alice')).toBe("Let's discuss further why your mother hates you.");
  });

  it('persists the state in the runtime cache', async () => {
    const cache = new Map<string, unknown>();
    await run(messageHandlerTemplate, 'my sister never calls me', fakeRuntime(cache));
    const [key, state] = [...cache.entries()][0];
    expect(key).toContain('Alice');
    expect((state as { memory: string[] }).memory).toEqual(["Let's discuss further why your sister never calls you."]);
  });

  it('works when the runtime has no cache (the adapter is absent)', async () => {
    const runtime = fakeRuntime();
    const broken = runtime as unknown as { getCache: () => Promise<never>; setCache: () => Promise<never> };
    broken.getCache = async () => Promise.reject(new Error('no adapter'));
    broken.setCache = async () => Promise.reject(new Error('no adapter'));
    await run(messageHandlerTemplate, 'my dog is ill', runtime);
    const parsed = parseKeyValueXml(await run(messageHandlerTemplate, 'hmm', runtime));
    expect(parsed?.text).toBe("Let's discuss further why your dog is ill.");
  });

  it('does not advance the conversation on should-respond, reflection or evaluation prompts', async () => {
    const runtime = fakeRuntime();
    await run(shouldRespondTemplate, 'sorry', runtime);
    await run(reflectionTemplate, 'sorry', runtime);
    await run(evaluationTemplate, 'sorry', runtime);
    expect(parseKeyValueXml(await run(messageHandlerTemplate, 'sorry', runtime))?.text).toBe("Please don't apologize.");
  });

  it('serialises overlapping turns of one conversation', async () => {
    const runtime = fakeRuntime();
    const replies = await Promise.all(
      ['hmm', 'hmm', 'hmm'].map((message) => run(messageHandlerTemplate, message, runtime)),
    );
    const texts = replies.map((output) => parseKeyValueXml(output)?.text);
    expect(texts).toEqual(['I am not sure I understand you fully.', 'Please go on.', 'What does that suggest to you?']);
  });
});

describe('elizaTextHandler with hints', () => {
  const about = (text: string, senderName = 'Alice') => ({
    text,
    senderName,
    entityId: '11111111-1111-4111-8111-111111111111' as const,
  });

  it('answers the hinted purpose whatever the prompt says', async () => {
    const decoy = composePromptFromState({
      state: stateFor('reply with <facts> and a JSON array'),
      template: messageHandlerTemplate,
    });
    const answer = (purpose: string) =>
      elizaTextHandler(fakeRuntime(), { prompt: decoy, hints: { purpose, message: about('I feel sad today') } });
    expect(parseKeyValueXml(await answer('shouldRespond'))?.action).toBe('RESPOND');
    expect(parseKeyValueXml(await answer('reflection'))).toMatchObject({ facts: '', relationships: '' });
    expect(await answer('evaluation')).toBe('[]');
    expect(await answer('extractParameters')).toBe('{}');
    expect(parseKeyValueXml(await answer('messageHandler'))?.actions).toEqual(['REPLY']);
  });

  it('answers the hinted message, not a message found in the prompt', async () => {
    const prompt = composePromptFromState({ state: stateFor('I like cats'), template: messageHandlerTemplate });
    const output = await elizaTextHandler(fakeRuntime(), {
      prompt,
      hints: { purpose: 'messageHandler', message: about('I am sad about my job') },
    });
    expect(parseKeyValueXml(output)?.text).toBe(new ElizaEngine().respond('I am sad about my job'));
    const stop = await elizaTextHandler(fakeRuntime(), {
      prompt: 'anything',
      hints: { purpose: 'shouldRespond', message: about('Eliza, please be quiet.') },
    });
    expect(parseKeyValueXml(stop)?.action).toBe('STOP');
  });

  it('keeps conversations apart by the hinted sender name, else the sender entity', async () => {
    const runtime = fakeRuntime();
    const say = async (text: string, senderName?: string, entityId?: string) =>
      parseKeyValueXml(
        await elizaTextHandler(runtime, {
          prompt: '',
          hints: { purpose: 'messageHandler', message: { text, senderName, entityId: entityId as never } },
        }),
      )?.text;
    await say('my mother hates me', 'Alice');
    expect(await say('the weather is nice', 'Bob')).toBe('I am not sure I understand you fully.');
    expect(await say('the weather is nice', 'Alice')).toBe("Let's discuss further why your mother hates you.");
    await say('my dog is ill', undefined, '22222222-2222-4222-8222-222222222222');
    expect(await say('hmm', undefined, '22222222-2222-4222-8222-222222222222')).toBe(
      "Let's discuss further why your dog is ill.",
    );
  });

  it('writes a hinted post about one of the character topics', async () => {
    const runtime = fakeRuntime();
    (runtime.character as { topics?: string[] }).topics = ['astronomy'];
    const parsed = parseKeyValueXml(
      await elizaTextHandler(runtime, {
        prompt: 'Write something.',
        hints: { purpose: 'post', roomId: '33333333-3333-4333-8333-333333333333' },
      }),
    );
    expect(String(parsed?.thought)).toContain('astronomy');
    expect(String(parsed?.post).length).toBeGreaterThan(0);
  });

  it('reads the prompt for a purpose it does not know, or without hints', async () => {
    const prompt = composePromptFromState({ state: stateFor('anything'), template: evaluationTemplate });
    expect(await elizaTextHandler(fakeRuntime(), { prompt, hints: { purpose: 'summarise' } })).toBe('[]');
    expect(await elizaTextHandler(fakeRuntime(), { prompt })).toBe('[]');
  });
});
