import { createCapturingLogger, createTestRuntime, testCharacter } from '@kith/core/test';
import { KithError, type AgentRuntime, type ModelEventPayload, type Plugin } from '@kith/core';
import { isolateOpenAIEnv } from './testing/fixtures/isolate-openai-env';
import { OpenAIErrorCode } from './errors/openai-error-codes';
import { createOpenAIPlugin, openaiPlugin } from './plugin';
import { DEFAULT_FAKE_REPLY, startFakeOpenAIServer, type FakeOpenAIServer } from './testing';
import defaultExport from './index';

interface Setup {
  runtime: AgentRuntime;
  used: ModelEventPayload[];
  sleeps: number[];
}

describe('openai plugin in an AgentRuntime, against a local OpenAI-compatible server', () => {
  let server: FakeOpenAIServer;
  isolateOpenAIEnv();

  beforeEach(async () => {
    server = await startFakeOpenAIServer({ apiKey: 'sk-test' });
  });
  afterEach(() => server.close());

  async function setup(
    settings: Record<string, string | number> = {},
    extraPlugins: Plugin[] = [],
    logger = createCapturingLogger('warn').logger,
  ): Promise<Setup> {
    const sleeps: number[] = [];
    const plugin = createOpenAIPlugin({ sleep: async (ms) => void sleeps.push(ms) });
    const runtime = await createTestRuntime({
      character: { ...testCharacter, system: 'You are a test agent.' },
      plugins: [plugin, ...extraPlugins],
      settings: {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: server.baseUrl,
        OPENAI_EMBEDDING_DIMENSIONS: 64,
        ...settings,
      },
      logger,
    });
    const used: ModelEventPayload[] = [];
    runtime.on('MODEL_USED', (payload) => void used.push(payload));
    return { runtime, used, sleeps };
  }

  it('exports the plugin by name and as default, with every model type', () => {
    expect(defaultExport).toBe(openaiPlugin);
    expect(openaiPlugin.name).toBe('openai');
    expect(Object.keys(openaiPlugin.models ?? {}).sort()).toEqual(
      [
        'IMAGE',
        'IMAGE_DESCRIPTION',
        'OBJECT_LARGE',
        'OBJECT_SMALL',
        'TEXT_EMBEDDING',
        'TEXT_LARGE',
        'TEXT_SMALL',
        'TEXT_TOKENIZER_DECODE',
        'TEXT_TOKENIZER_ENCODE',
      ].sort(),
    );
  });

  describe('text', () => {
    it('answers TEXT_LARGE with a chat completion: system prompt, settings, usage in MODEL_USED', async () => {
      const { runtime, used } = await setup({ OPENAI_LARGE_MODEL: 'big-model' });
      const text = await runtime.useModel('TEXT_LARGE', {
        prompt: 'Say hello',
        temperature: 0.3,
        maxTokens: 50,
        stopSequences: ['</response>'],
      });
      expect(text).toBe(DEFAULT_FAKE_REPLY);
      expect(server.requestsTo('/chat/completions')[0].body).toEqual({
        model: 'big-model',
        messages: [
          { role: 'system', content: 'You are a test agent.' },
          { role: 'user', content: 'Say hello' },
        ],
        temperature: 0.3,
        max_tokens: 50,
        stop: ['</response>'],
      });
      expect(used).toEqual([
        expect.objectContaining({
          type: 'TEXT_LARGE',
          provider: 'openai',
          model: 'big-model',
          success: true,
          tokens: { promptTokens: 7, completionTokens: 6, totalTokens: 13, cachedInputTokens: 0 },
        }),
      ]);
      // No price is known for big-model: its tokens cost nothing that can be said.
      expect(used[0].costUsd).toBeUndefined();
    });

    it('names the model in MODEL_USED, so its price applies', async () => {
      const { runtime, used } = await setup({ OPENAI_LARGE_MODEL: 'gpt-4o-mini' });
      await runtime.useModel('TEXT_LARGE', { prompt: 'Say hello' });
      expect(used[0]).toMatchObject({ model: 'gpt-4o-mini', costUsd: (7 * 0.15 + 6 * 0.6) / 1e6 });
    });

    it('uses OPENAI_SMALL_MODEL for TEXT_SMALL and max_completion_tokens for reasoning models', async () => {
      const { runtime } = await setup({ OPENAI_SMALL_MODEL: 'o4-mini' });
      await runtime.useModel('TEXT_SMALL', { prompt: 'x', maxTokens: 20, temperature: 0.9 });
      const body = server.requests[0].body;
      expect(body).toMatchObject({ model: 'o4-mini', max_completion_tokens: 20 });
      expect(body).not.toHaveProperty('temperature');
      expect(body).not.toHaveProperty('max_tokens');
    });

    it('streams over SSE to onStreamChunk and reports the final usage chunk', async () => {
      const { runtime, used } = await setup();
      const chunks: string[] = [];
      const text = await runtime.useModel('TEXT_LARGE', {
        prompt: 'Stream please',
        onStreamChunk: (chunk) => void chunks.push(chunk),
      });
      expect(text).toBe(DEFAULT_FAKE_REPLY);
      expect(chunks.join('')).toBe(DEFAULT_FAKE_REPLY);
      expect(chunks.length).toBeGreaterThan(1);
      expect(server.requests[0].body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      expect(used[0].tokens).toEqual({ promptTokens: 7, completionTokens: 6, totalTokens: 13, cachedInputTokens: 0 });
      expect(used[0].model).toEqual(expect.any(String));
    });

    it('retries a 429 with its Retry-After inside one useModel call', async () => {
      const { runtime, used, sleeps } = await setup();
      server.enqueue({ type: 'status', status: 429, headers: { 'retry-after': '1' } });
      expect(await runtime.useModel('TEXT_SMALL', { prompt: 'hi' })).toBe(DEFAULT_FAKE_REPLY);
      expect(sleeps).toEqual([1000]);
      expect(used.map((u) => u.success)).toEqual([true]);
    });
  });

  describe('fallback chain', () => {
    const backup = (text: string): Plugin => ({
      name: 'backup',
      description: 'offline backup',
      models: { TEXT_LARGE: async () => text, TEXT_SMALL: async () => text },
    });

    it('falls back to the next provider on a retryable failure, logging both names', async () => {
      const capture = createCapturingLogger('warn');
      const { runtime, used } = await setup({ OPENAI_MAX_RETRIES: 0 }, [backup('offline answer')], capture.logger);
      server.enqueue({ type: 'status', status: 503, message: 'overloaded' });
      expect(await runtime.useModel('TEXT_LARGE', { prompt: 'hi' })).toBe('offline answer');
      expect(used.map((u) => [u.provider, u.success])).toEqual([
        ['openai', false],
        ['backup', true],
      ]);
      expect(capture.messages('warn')).toContain('TEXT_LARGE provider "openai" failed; falling back to "backup"');
    });

    it('surfaces a 401 at once, without trying the next provider', async () => {
      const { runtime } = await setup({ OPENAI_API_KEY: 'sk-wrong' }, [backup('never')]);
      const error = await runtime.useModel('TEXT_LARGE', { prompt: 'hi' }).catch((e: unknown) => e);
      expect(KithError.hasCode(error, OpenAIErrorCode.AUTH_FAILED)).toBe(true);
      expect((error as Error).message).toContain('OPENAI_API_KEY');
      expect(server.requests).toHaveLength(1);
    });

    it('never switches a stream that already sent chunks to another provider', async () => {
      const { runtime } = await setup({}, [backup('never')]);
      server.enqueue({ type: 'cut-stream', afterChunks: 3 });
      const chunks: string[] = [];
      const error = await runtime
        .useModel('TEXT_LARGE', { prompt: 'hi', onStreamChunk: (c) => void chunks.push(c) })
        .catch((e: unknown) => e);
      expect(KithError.hasCode(error, OpenAIErrorCode.STREAM_INTERRUPTED)).toBe(true);
      expect(chunks.join('')).toBe(DEFAULT_FAKE_REPLY.slice(0, 18));
      expect(server.requests).toHaveLength(1);
    });

    it('falls back when the server is too slow', async () => {
      const { runtime } = await setup({ OPENAI_TIMEOUT_MS: 150, OPENAI_MAX_RETRIES: 0 }, [backup('fast answer')]);
      server.enqueue({ type: 'delay', ms: 5_000 });
      expect(await runtime.useModel('TEXT_SMALL', { prompt: 'hi' })).toBe('fast answer');
    });
  });

  describe('embeddings', () => {
    it('answers the runtime dimension probe (null) with a placeholder of the configured size, without a request', async () => {
      const { runtime } = await setup({ OPENAI_EMBEDDING_DIMENSIONS: 768 });
      const probe = await runtime.useModel('TEXT_EMBEDDING', null);
      expect(probe).toHaveLength(768);
      expect(probe[0]).toBe(0.1);
      expect(server.requestsTo('/embeddings')).toHaveLength(0);
    });

    it('embeds {text} and a plain string, reporting usage', async () => {
      const { runtime, used } = await setup();
      const one = await runtime.useModel('TEXT_EMBEDDING', { text: 'the quick brown fox' });
      const two = await runtime.useModel('TEXT_EMBEDDING', 'the quick brown fox');
      expect(one).toHaveLength(64);
      expect(two).toEqual(one);
      expect(server.requestsTo('/embeddings')[0].body).toEqual({
        model: 'text-embedding-3-small',
        input: ['the quick brown fox'],
        encoding_format: 'float',
        dimensions: 64,
      });
      expect(used.map((u) => u.tokens?.promptTokens)).toEqual([4, 4]);
    });

    it('embeds {texts} in one request, one vector per text in order, empty texts without asking', async () => {
      const { runtime } = await setup({
        OPENAI_EMBEDDING_MODEL: 'nomic-embed-text',
        OPENAI_EMBEDDING_DIMENSIONS: 1536,
      });
      const vectors = await runtime.useModel('TEXT_EMBEDDING', { texts: ['alpha', '', 'gamma'] });
      expect(vectors).toHaveLength(3);
      expect(vectors[1][0]).toBe(0.3);
      expect(vectors[0]).not.toEqual(vectors[2]);
      const requests = server.requestsTo('/embeddings');
      expect(requests).toHaveLength(1);
      // Only text-embedding-3 models take `dimensions`.
      expect(requests[0].body).toEqual({
        model: 'nomic-embed-text',
        input: ['alpha', 'gamma'],
        encoding_format: 'float',
      });
      const single = await runtime.useModel('TEXT_EMBEDDING', { text: 'gamma' });
      expect(single).toEqual(vectors[2]);
    });

    it('names OPENAI_EMBEDDING_DIMENSIONS when the model returns another size', async () => {
      const local = await startFakeOpenAIServer({ embeddingDimensions: 384 });
      try {
        const { runtime } = await setup({
          OPENAI_BASE_URL: local.baseUrl,
          OPENAI_EMBEDDING_MODEL: 'all-minilm',
          OPENAI_EMBEDDING_DIMENSIONS: 768,
        });
        const error = await runtime.useModel('TEXT_EMBEDDING', { text: 'hello' }).catch((e: unknown) => e);
        expect(KithError.hasCode(error, OpenAIErrorCode.EMBEDDING_DIMENSION_MISMATCH)).toBe(true);
        expect((error as Error).message).toContain('OPENAI_EMBEDDING_DIMENSIONS=384');
      } finally {
        await local.close();
      }
    });
  });

  describe('images', () => {
    it('describes an image URL with vision input and returns {title, description}', async () => {
      const { runtime, used } = await setup({ OPENAI_IMAGE_DESCRIPTION_MODEL: 'vision-model' });
      const result = await runtime.useModel('IMAGE_DESCRIPTION', 'https://example.test/cat.png');
      expect(result).toEqual({
        title: 'A fake picture',
        description: 'A detailed fake description of https://example.test/cat.png.',
      });
      const body = server.requests[0].body as { model: string; messages: { content: unknown }[] };
      expect(body.model).toBe('vision-model');
      expect(body.messages[0].content).toEqual([
        { type: 'text', text: expect.stringContaining('Describe this image') },
        { type: 'image_url', image_url: { url: 'https://example.test/cat.png' } },
      ]);
      expect(used[0].tokens?.totalTokens).toBeGreaterThan(0);
    });

    it('takes {imageUrl, prompt} and reads a prose answer', async () => {
      const local = await startFakeOpenAIServer({ reply: () => 'Title: Sunset\nAn orange sun over the sea.' });
      try {
        const { runtime } = await setup({ OPENAI_BASE_URL: local.baseUrl });
        const result = await runtime.useModel('IMAGE_DESCRIPTION', {
          imageUrl: 'data:image/png;base64,AAAA',
          prompt: 'What is this?',
        });
        expect(result).toEqual({ title: 'Sunset', description: 'An orange sun over the sea.' });
        const content = (local.requests[0].body as { messages: { content: { text?: string }[] }[] }).messages[0]
          .content;
        expect(content[0].text).toBe('What is this?');
      } finally {
        await local.close();
      }
    });

    it('generates images as URLs, base64 answers as data URLs', async () => {
      const { runtime } = await setup();
      const urls = await runtime.useModel('IMAGE', { prompt: 'a red fox', count: 2, size: '512x512' });
      expect(urls).toEqual([
        { url: expect.stringMatching(/fake-image-0\.png$/) },
        { url: expect.stringMatching(/fake-image-1\.png$/) },
      ]);
      expect(server.requests[0].body).toEqual({ model: 'dall-e-3', prompt: 'a red fox', n: 2, size: '512x512' });

      const { runtime: gptImage, used } = await setup({ OPENAI_IMAGE_MODEL: 'gpt-image-1' });
      const [image] = await gptImage.useModel('IMAGE', { prompt: 'a red fox' });
      expect(image.url).toBe(`data:image/png;base64,${Buffer.from('fake image 0').toString('base64')}`);
      expect(used[0].tokens).toEqual({ promptTokens: 3, completionTokens: 100, totalTokens: 103 });
    });
  });

  describe('objects', () => {
    it('asks for JSON mode and parses the object', async () => {
      const { runtime } = await setup();
      const result = await runtime.useModel('OBJECT_SMALL', {
        prompt: 'Give me an object',
        schema: { type: 'object' },
      });
      expect(result).toEqual({ answer: 'fake', echo: 'Give me an object' });
      const body = server.requests[0].body as {
        response_format: unknown;
        messages: { role: string; content: string }[];
      };
      expect(body.response_format).toEqual({ type: 'json_object' });
      expect(body.messages[0].content).toContain('Respond with one JSON object');
      expect(body.messages[0].content).toContain('{"type":"object"}');
    });

    it('accepts JSON5 and fenced output', async () => {
      const { runtime } = await setup();
      server.enqueue({ type: 'reply', text: "```json\n{name: 'Ada', tags: ['a', 'b',],}\n```" });
      expect(await runtime.useModel('OBJECT_LARGE', { prompt: 'x' })).toEqual({ name: 'Ada', tags: ['a', 'b'] });
    });

    it('repairs invalid JSON once, showing the model its output, and adds up the usage', async () => {
      const { runtime, used } = await setup();
      server.enqueue({ type: 'reply', text: '{"name": "Ada", "age": ' });
      server.enqueue({ type: 'reply', text: '{"name": "Ada", "age": 36}' });
      expect(await runtime.useModel('OBJECT_LARGE', { prompt: 'Who?' })).toEqual({ name: 'Ada', age: 36 });
      const repair = server.requests[1].body as { messages: { role: string; content: string }[] };
      expect(repair.messages.slice(-2)).toEqual([
        { role: 'assistant', content: '{"name": "Ada", "age": ' },
        { role: 'user', content: expect.stringContaining('That was not valid JSON') },
      ]);
      expect(used).toHaveLength(1);
      const first = 1 + 1 + 1 + 11; // user prompt + system text words, as the fake server counts them
      expect(used[0].tokens?.completionTokens).toBe(3 + 4);
      expect(used[0].tokens?.promptTokens).toBeGreaterThan(first);
    });

    it('gives up after one repair with OBJECT_INVALID', async () => {
      const { runtime } = await setup();
      server.enqueue({ type: 'reply', text: 'not json at all' });
      server.enqueue({ type: 'reply', text: 'still not json' });
      const error = await runtime.useModel('OBJECT_SMALL', { prompt: 'x' }).catch((e: unknown) => e);
      expect(KithError.hasCode(error, OpenAIErrorCode.OBJECT_INVALID)).toBe(true);
      expect((error as Error).message).toContain('still not json');
      expect(server.requests).toHaveLength(2);
    });

    it('returns arrays when asked for output "array", without JSON mode', async () => {
      const { runtime } = await setup();
      server.enqueue({ type: 'reply', text: 'Here: [1, 2, 3]' });
      expect(await runtime.useModel('OBJECT_SMALL', { prompt: 'x', output: 'array' })).toEqual([1, 2, 3]);
      expect(server.requests[0].body).not.toHaveProperty('response_format');
    });
  });

  describe('tokenizer', () => {
    it('encodes and decodes with the o200k_base encoding of gpt-4o models', async () => {
      const { runtime } = await setup();
      const tokens = await runtime.useModel('TEXT_TOKENIZER_ENCODE', { prompt: 'hello world' });
      expect(tokens).toEqual([24912, 2375]);
      expect(await runtime.useModel('TEXT_TOKENIZER_DECODE', { tokens })).toBe('hello world');
    });

    it('counts special-token text as plain text instead of throwing', async () => {
      const { runtime } = await setup();
      const tokens = await runtime.useModel('TEXT_TOKENIZER_ENCODE', { prompt: 'a <|endoftext|> b' });
      expect(tokens.length).toBeGreaterThan(3);
      expect(await runtime.useModel('TEXT_TOKENIZER_DECODE', { tokens })).toBe('a <|endoftext|> b');
    });

    it('uses cl100k_base for gpt-4 and gpt-3.5 models', async () => {
      const { runtime } = await setup({ OPENAI_SMALL_MODEL: 'gpt-3.5-turbo' });
      expect(
        await runtime.useModel('TEXT_TOKENIZER_ENCODE', { prompt: 'hello world', modelType: 'TEXT_SMALL' }),
      ).toEqual([15339, 1917]);
    });
  });

  describe('settings', () => {
    it('fails init with every bad setting named', async () => {
      const error = await createTestRuntime({
        plugins: [openaiPlugin],
        settings: { OPENAI_BASE_URL: 'https://api.example.com/v1', OPENAI_TIMEOUT_MS: 'soon' },
      }).catch((e: unknown) => e);
      expect(KithError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('Invalid configuration for plugin-openai');
      expect((error as Error).message).toContain('OPENAI_API_KEY: missing');
      expect((error as Error).message).toContain('OPENAI_TIMEOUT_MS: must be a whole number of milliseconds');
    });

    it('works without a key against a local server', async () => {
      const local = await startFakeOpenAIServer();
      try {
        const runtime = await createTestRuntime({
          plugins: [openaiPlugin],
          settings: { OPENAI_BASE_URL: local.baseUrl },
        });
        expect(await runtime.useModel('TEXT_SMALL', { prompt: 'hi' })).toBe(DEFAULT_FAKE_REPLY);
        expect(local.requests[0].headers.authorization).toBeUndefined();
      } finally {
        await local.close();
      }
    });
  });
});
