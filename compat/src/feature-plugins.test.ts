import { startKith, type KithAgent } from './kith-agent';
import { startProviderServer, type ProviderServer } from './testing/provider-server';

interface ProviderOutcome {
  name: string;
  ok: boolean;
  text?: string;
  error?: string;
}
interface ActionOutcome {
  name: string;
  valid?: boolean;
  ok?: boolean;
  error?: string;
  result?: { text?: string; success?: boolean; error?: string };
  callbacks: { text?: string }[];
}
interface EvaluatorOutcome {
  name: string;
  valid: boolean;
  ok: boolean;
  error?: string;
}

async function until<T>(what: string, fn: () => Promise<T>, ok: (value: T) => boolean, attempts = 60): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < attempts; i++) {
    last = await fn();
    if (ok(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: still ${JSON.stringify(last)}`);
}

describe('plugin-knowledge, plugin-memory and plugin-mcp (with plugin-openai) through kith start', () => {
  let server: ProviderServer;
  let agent: KithAgent;
  const providers = (plugin: string, text: string) =>
    agent.probe<{ providers: ProviderOutcome[] }>('/providers', { plugin, text }).then((r) => r.providers);
  const actions = (body: Record<string, unknown>) =>
    agent.probe<{ actions: ActionOutcome[] }>('/actions', body).then((r) => r.actions);

  beforeAll(async () => {
    server = await startProviderServer();
    agent = await startKith({
      name: 'Librarian',
      bio: ['Keeps notes and reads documents.'],
      knowledge: ["Kith's mascot is a heron named Glimmer."],
      plugins: [
        '@elizaos/plugin-sql',
        '@elizaos/plugin-openai',
        '@elizaos/plugin-knowledge',
        '@elizaos/plugin-memory',
        '@elizaos/plugin-mcp',
        '@elizaos/plugin-bootstrap',
        'kith-compat-probe',
      ],
      settings: {
        secrets: {
          OPENAI_API_KEY: 'sk-compat',
          OPENAI_BASE_URL: `${server.url}/openai/v1`,
          OPENAI_EMBEDDING_DIMENSIONS: '384',
        },
        MEMORY_SUMMARIZATION_THRESHOLD: '2',
        MEMORY_EXTRACTION_THRESHOLD: '2',
        // plugin-mcp starts this local stdio MCP server (in the scratch project).
        mcp: { servers: { echo: { type: 'stdio', command: process.execPath, args: ['mcp-echo-server.mjs'] } } },
      },
    });
  });
  afterAll(async () => {
    await agent?.stop();
    await server?.close();
  });

  it('plugin-knowledge: learns the character knowledge at start (embeddings over the openai wire) and finds it', async () => {
    const [, documents] = await until(
      'AVAILABLE_DOCUMENTS',
      () => providers('knowledge', 'What is the mascot of Kith?'),
      (p) => /1 document/.test(p[1]?.text ?? ''),
    );
    expect(documents).toMatchObject({ name: 'AVAILABLE_DOCUMENTS', ok: true });
    const [knowledge] = await providers('knowledge', "Who is Kith's mascot, the heron?");
    expect(knowledge).toMatchObject({ name: 'KNOWLEDGE', ok: true });
    expect(knowledge.text).toContain('Glimmer');
    expect(server.requests.filter((r) => r.kind === 'embeddings').length).toBeGreaterThan(0);

    const [search] = await actions({
      names: ['SEARCH_KNOWLEDGE'],
      text: 'search knowledge for the heron mascot of Kith',
    });
    expect(search).toMatchObject({ valid: true, ok: true });
    expect(search.callbacks.map((c) => c.text).join('\n')).toContain('Glimmer');
    const [learn] = await actions({
      names: ['PROCESS_KNOWLEDGE'],
      text: "Remember this knowledge: Kith's river is called the Lumen.",
    });
    expect(learn).toMatchObject({ valid: true, ok: true });
    const listed = await agent.pluginGet<{ success?: boolean; data?: { memories?: unknown[] } }>(
      'knowledge',
      '/documents',
    );
    // Its routes write Node-style responses (res.writeHead/res.end).
    expect(listed).toMatchObject({ status: 200, body: { success: true } });
    expect(listed.body.data?.memories?.length).toBeGreaterThanOrEqual(2);
  });

  it('plugin-memory: its PostgreSQL tables live on SQLite; the evaluators extract and summarise, the providers read it back', async () => {
    for (const text of ['I drink green tea every morning.', 'Tea helps me think.', 'I also like walks.'])
      await agent.send(text);
    const evaluators = await agent.probe<{ evaluators: EvaluatorOutcome[] }>('/evaluators', {
      plugin: 'memory',
      text: 'I drink green tea every morning.',
    });
    expect(evaluators.evaluators.map((e) => [e.name, e.ok, e.error])).toEqual([
      ['MEMORY_SUMMARIZATION', true, undefined],
      ['LONG_TERM_MEMORY_EXTRACTION', true, undefined],
    ]);
    const [longTerm] = await until(
      'LONG_TERM_MEMORY',
      () => providers('memory', 'What do I drink?'),
      (p) => /green tea/.test(p[0]?.text ?? ''),
    );
    expect(longTerm).toMatchObject({ name: 'LONG_TERM_MEMORY', ok: true });
    const outcomes = await providers('memory', 'What do I drink?');
    expect(outcomes.every((p) => p.ok)).toBe(true);
  });

  it('plugin-mcp: connects the local stdio MCP server, lists it, calls its tool and reads its resource', async () => {
    const [mcp] = await providers('mcp', 'What tools do you have?');
    expect(mcp).toMatchObject({ name: 'MCP', ok: true });
    expect(mcp.text).toContain('echo (connected)');
    expect(mcp.text).toContain('shout');
    const { actions: names } = await agent.probe<{ actions: string[] }>('/runtime', {});
    expect(names).toContain('ECHO_SHOUT');
    const [tool] = await actions({
      names: ['ECHO_SHOUT'],
      text: 'shout hello',
      content: { actionParams: { text: 'hello kith' } },
    });
    expect(tool).toMatchObject({
      valid: true,
      ok: true,
      result: { success: true, text: expect.stringContaining('ECHO: HELLO KITH') },
    });
    const [resource] = await actions({ plugin: 'mcp', text: 'Read me the motto resource.' });
    expect(resource).toMatchObject({ name: 'READ_MCP_RESOURCE', valid: true, ok: true });
    expect(JSON.stringify(resource)).toContain('Kith runs elizaOS plugins.');
  });

  it('answers a message once through the pipeline with all of them loaded', async () => {
    const { replies } = await agent.send('Tell me about the heron.');
    expect(replies).toHaveLength(1);
    expect(replies[0].content.text).toBe('Reply over the openai wire.');
  });
});

describe('plugin-starter through kith start (its own model handlers answer)', () => {
  let agent: KithAgent;
  beforeAll(async () => {
    agent = await startKith({
      name: 'Starter',
      bio: ['Says hello.'],
      plugins: ['@elizaos/plugin-sql', '@elizaos/plugin-starter', '@elizaos/plugin-bootstrap', 'kith-compat-probe'],
    });
  });
  afterAll(async () => {
    await agent?.stop();
  });

  it('runs its action, provider, models, routes and service', async () => {
    expect(agent.stdout()).toContain('model: plugin-starter (@elizaos/plugin-starter)');
    const { actions } = await agent.probe<{ actions: ActionOutcome[] }>('/actions', {
      plugin: 'plugin-starter',
      text: 'hello',
    });
    expect(actions).toEqual([
      expect.objectContaining({
        name: 'HELLO_WORLD',
        valid: true,
        ok: true,
        callbacks: [{ text: 'Hello world!', actions: ['HELLO_WORLD'] }],
      }),
    ]);
    const { providers } = await agent.probe<{ providers: ProviderOutcome[] }>('/providers', {
      plugin: 'plugin-starter',
      text: 'hello',
    });
    expect(providers).toEqual([
      expect.objectContaining({ name: 'HELLO_WORLD_PROVIDER', ok: true, text: 'I am a provider' }),
    ]);
    for (const type of ['TEXT_SMALL', 'TEXT_LARGE']) {
      const { result } = await agent.probe<{ result: string }>('/model', { type, params: { prompt: 'sing' } });
      expect(result).toMatch(/^Never gonna/);
    }
    expect((await agent.pluginGet<{ message: string }>('plugin-starter', '/helloworld')).body).toEqual({
      message: 'Hello World!',
    });
    expect((await agent.pluginGet<{ unix: number }>('plugin-starter', '/api/time')).body.unix).toBeGreaterThan(0);
    expect((await agent.probe<{ services: string[] }>('/services', {})).services).toContain('starter');
    // Its TEXT_LARGE answers in plain text, not the pipeline's XML: the agent decides once, and that
    // decision is a recorded IGNORE without text (nothing usable to say), as the compatibility doc says.
    const { replies } = await agent.send('hello');
    expect(replies).toHaveLength(1);
    expect(replies[0].content.text).toBeUndefined();
    expect(replies[0].content.actions).toEqual(['IGNORE']);
  });
});
