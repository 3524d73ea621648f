import { startKith, type KithAgent } from './kith-agent';
import { startProviderServer, type ProviderServer } from './testing/provider-server';

/** Each elizaOS model plugin, its settings (elizaOS style, in settings.secrets) and the model calls to make. */
const PROVIDERS = [
  {
    plugin: '@elizaos/plugin-openai',
    name: 'openai',
    wire: 'openai',
    // Its handlers return `{ textStream }` when asked to stream, as elizaOS 1.7's useModel asks.
    streams: true,
    secrets: (url: string) => ({
      OPENAI_API_KEY: 'sk-compat',
      OPENAI_BASE_URL: `${url}/openai/v1`,
      OPENAI_EMBEDDING_DIMENSIONS: '384',
    }),
  },
  {
    plugin: '@elizaos/plugin-anthropic',
    name: 'anthropic',
    wire: 'anthropic',
    secrets: (url: string) => ({ ANTHROPIC_API_KEY: 'sk-ant-compat', ANTHROPIC_BASE_URL: `${url}/anthropic/v1` }),
  },
  {
    plugin: '@elizaos/plugin-ollama',
    name: 'ollama',
    wire: 'ollama',
    secrets: (url: string) => ({ OLLAMA_API_ENDPOINT: `${url}/ollama/api` }),
    // plugin-ollama 1.2.4 emits no MODEL_USED: its calls are counted, their tokens are not known.
    reportsUsage: false,
  },
  {
    plugin: '@elizaos/plugin-openrouter',
    name: 'openrouter',
    wire: 'openrouter',
    streams: true,
    secrets: (url: string) => ({ OPENROUTER_API_KEY: 'sk-or-compat', OPENROUTER_BASE_URL: `${url}/openrouter/api/v1` }),
  },
  {
    plugin: '@elizaos/plugin-google-genai',
    name: 'google-genai',
    wire: 'gemini',
    secrets: (_url: string) => ({
      GOOGLE_GENERATIVE_AI_API_KEY: 'compat-gemini-key',
      GOOGLE_SMALL_MODEL: 'gemini-2.0-flash-001',
      GOOGLE_LARGE_MODEL: 'gemini-2.0-flash-001',
    }),
    // @google/genai reads its base URL from the environment only.
    env: (url: string): Record<string, string> => ({ GOOGLE_GEMINI_BASE_URL: `${url}/gemini` }),
  },
  {
    plugin: '@elizaos/plugin-groq',
    name: 'groq',
    wire: 'groq',
    secrets: (url: string) => ({ GROQ_API_KEY: 'gsk_compat', GROQ_BASE_URL: `${url}/groq/openai/v1` }),
    // plugin-groq 1.0.4 emits no MODEL_USED: its calls are counted, their tokens are not known.
    reportsUsage: false,
    // Its tokenizer is js-tiktoken's encoding for the Groq model's name, which js-tiktoken does not
    // know ("qwen-qwq-32b"): the handlers catch that and answer [] and "" (elizaOS runs the same code).
    emptyResults: { TEXT_TOKENIZER_ENCODE: [], TEXT_TOKENIZER_DECODE: '' },
  },
  {
    plugin: '@elizaos/plugin-elizacloud',
    name: 'elizaOSCloud',
    wire: 'elizacloud',
    secrets: (url: string) => ({
      ELIZAOS_CLOUD_API_KEY: 'eliza_compat',
      ELIZAOS_CLOUD_BASE_URL: `${url}/elizacloud/api/v1`,
      ELIZAOS_CLOUD_EMBEDDING_DIMENSIONS: '384',
    }),
    // Its text handlers return `{ textStream }` (the AI SDK's streamText) when asked to stream.
    streams: true,
  },
] as const;

/** Each plugin's process environment, for SDKs that read settings from it alone. */
const envOf = (provider: (typeof PROVIDERS)[number], url: string): Record<string, string> =>
  'env' in provider ? provider.env(url) : {};

/** A call for each model type a provider plugin may register; `url` is the local provider server's. */
const callsFor = (url: string): Record<string, Record<string, unknown>> => ({
  TEXT_SMALL: { prompt: 'Say something small.' },
  TEXT_LARGE: { prompt: 'Say something large.' },
  TEXT_EMBEDDING: { text: 'Kith runs elizaOS plugins.' },
  OBJECT_SMALL: { prompt: 'Give a JSON object.' },
  OBJECT_LARGE: { prompt: 'Give a JSON object.' },
  TEXT_TOKENIZER_ENCODE: { prompt: 'count these tokens' },
  TEXT_TOKENIZER_DECODE: { tokens: [9906, 1917] },
  IMAGE: { prompt: 'A lighthouse at dusk', count: 1, size: '1024x1024' },
  // Served by the provider server: plugins that download the image first (plugin-google-genai) get one.
  IMAGE_DESCRIPTION: { imageUrl: `${url}/images/cat.png`, prompt: 'Describe this image.' },
  // A few bytes that start like a WAV file.
  TRANSCRIPTION: { audioBase64: Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt fake').toString('base64') },
  TEXT_TO_SPEECH: { text: 'Hello from Kith.' },
});

/** Model types a plugin computes locally, without a request (plugin-openai's tokenizer is js-tiktoken). */
const LOCAL = new Set(['TEXT_TOKENIZER_ENCODE', 'TEXT_TOKENIZER_DECODE']);

describe.each(PROVIDERS)('$plugin through kith start', (provider) => {
  const { plugin, name, wire, secrets } = provider;
  let server: ProviderServer;
  let agent: KithAgent;
  beforeAll(async () => {
    server = await startProviderServer();
    agent = await startKith(
      {
        name: 'Compat',
        bio: ['An agent on an elizaOS model plugin.'],
        plugins: ['@elizaos/plugin-sql', plugin, '@elizaos/plugin-bootstrap', 'kith-compat-probe'],
        settings: { secrets: secrets(server.url) },
      },
      envOf(provider, server.url),
    );
  });
  afterAll(async () => {
    await agent?.stop();
    await server?.close();
  });

  it('answers a message with a reply written by the model over its wire', async () => {
    expect(agent.stdout()).toMatch(new RegExp(`model: ${name} \\(${plugin.replace('/', '\\/')}\\)`));
    const { replies } = await agent.send('Hello there, who are you?');
    expect(replies).toHaveLength(1);
    expect(replies[0].content.text).toBe(`Reply over the ${wire} wire.`);
    expect(server.requests.some((r) => r.wire === wire)).toBe(true);
  });

  it("records the turn's model usage with the tokens its wire reported, whatever shape the plugin's MODEL_USED event has", async () => {
    // The usage record may be written a moment after the reply (a plugin's MODEL_USED is not awaited): wait for it.
    const counted = async () => (await agent.usage()).groups.find((g) => g.key.startsWith(`${name}/`));
    // An embedding's record (input tokens only) can land before the reply's: wait for both counts.
    const complete = (g: Awaited<ReturnType<typeof counted>>) =>
      g !== undefined && g.calls > 0 && ('reportsUsage' in provider || (g.inputTokens > 0 && g.outputTokens > 0));
    let group = await counted();
    for (let i = 0; i < 40 && !complete(group); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      group = await counted();
    }
    expect(group?.calls).toBeGreaterThan(0);
    if ('reportsUsage' in provider) {
      expect(group?.inputTokens).toBe(0);
    } else {
      expect(group?.inputTokens).toBeGreaterThan(0);
      expect(group?.outputTokens).toBeGreaterThan(0);
    }
    // No usage write failed along the way (elizaOS's `tokens: { prompt, completion, total }` included).
    expect(agent.stderr()).not.toMatch(/model_usage|NOT NULL constraint/);
  });

  it('streams a text call with a chunk listener the way the plugin can: the chunks make up the text it returns', async () => {
    const before = server.requests.length;
    const { chunks, result } = await agent.probe<{ chunks: string[]; result: string }>('/model-stream', {
      type: 'TEXT_LARGE',
      params: { prompt: 'Say something large.' },
      provider: name,
    });
    expect(typeof result).toBe('string');
    expect(result.length).toBeGreaterThan(0);
    const streamed = server.requests.slice(before).some((r) => r.wire === wire && r.body.stream === true);
    if ('streams' in provider) {
      expect(chunks.join('')).toBe(result);
      expect(streamed).toBe(true);
    } else {
      // A plugin that cannot stream answers with the whole text, and no chunk.
      expect(chunks).toEqual([]);
    }
  });

  it('serves every model type it registers, each over its wire', async () => {
    const { models } = await agent.probe<{ models: string[] }>('/plugin', { plugin: name });
    expect(models.length).toBeGreaterThan(0);
    const outcomes: Record<string, { ok: boolean; result?: unknown; error?: string; requests: string[] }> = {};
    const CALLS = callsFor(server.url);
    for (const type of models) {
      expect(CALLS[type]).toBeDefined();
      const before = server.requests.length;
      const outcome = await agent
        .probe<{ result?: unknown }>('/model', { type, params: CALLS[type], provider: name })
        .then(
          (r) => ({ ok: true, result: r.result }),
          (e: Error) => ({ ok: false, error: e.message }),
        );
      outcomes[type] = {
        ...outcome,
        requests: server.requests
          .slice(before)
          .filter((r) => r.wire === wire)
          .map((r) => `${r.method} ${r.path}`),
      };
    }
    process.stdout.write(`${plugin} model handlers: ${JSON.stringify(outcomes)}\n`);
    for (const [type, outcome] of Object.entries(outcomes)) {
      expect({ type, ok: outcome.ok, error: outcome.error }).toEqual({ type, ok: true, error: undefined });
      const empty: Record<string, unknown> = 'emptyResults' in provider ? provider.emptyResults : {};
      if (type in empty) expect({ type, result: outcome.result }).toEqual({ type, result: empty[type] });
      else expect(outcome.result).toBeTruthy();
      if (!LOCAL.has(type)) expect({ type, requests: outcome.requests.length > 0 }).toEqual({ type, requests: true });
    }
  });
});
