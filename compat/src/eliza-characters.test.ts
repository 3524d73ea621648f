import { startKith, scratchProject, type KithAgent } from './kith-agent';
import { projectStarterCharacter } from './eliza-characters';
import { startProviderServer, type ProviderServer } from './testing/provider-server';

describe("elizaOS's own character (@elizaos/project-starter) through kith start, as shipped", () => {
  let server: ProviderServer;
  let agent: KithAgent;
  let character: Record<string, unknown>;
  beforeAll(async () => {
    server = await startProviderServer();
    const env = {
      OPENAI_API_KEY: 'sk-compat',
      OPENAI_BASE_URL: `${server.url}/openai/v1`,
      OPENAI_EMBEDDING_DIMENSIONS: '384',
    };
    character = projectStarterCharacter(scratchProject(), env);
    // Keys in the environment, as elizaOS users keep them in .env.
    agent = await startKith(character, env);
  });
  afterAll(async () => {
    await agent?.stop();
    await server?.close();
  });

  it('is the elizaOS 1.x format: system, array bio, [[{name, content}]] examples with {{name1}}, topics, style, settings.secrets', () => {
    expect(character).toMatchObject({
      name: 'Eliza',
      system: expect.any(String),
      bio: expect.any(Array),
      topics: expect.any(Array),
      style: expect.any(Object),
      settings: { secrets: {} },
    });
    expect((character.messageExamples as { name: string }[][])[0][0].name).toBe('{{name1}}');
    expect(character.plugins).toEqual(['@elizaos/plugin-sql', '@elizaos/plugin-openai', '@elizaos/plugin-bootstrap']);
  });

  it("runs on Kith's sql and bootstrap in place of elizaOS's, with a notice each, and answers each message once", async () => {
    const boot = agent.stdout();
    expect(boot).toContain('model: openai (@elizaos/plugin-openai)');
    expect(boot).toContain("note: @elizaos/plugin-sql: Kith's @kith/plugin-sql takes its place");
    expect(boot).toContain("note: @elizaos/plugin-bootstrap: Kith's @kith/plugin-bootstrap takes its place");
    for (const text of ['Hi Eliza, can you help me with my community?', 'Someone keeps derailing discussions.']) {
      const { replies } = await agent.send(text);
      expect(replies.map((r) => r.content.text)).toEqual(['Reply over the openai wire.']);
    }
    // The prompt carries the character as elizaOS wrote it.
    const prompts = server.requests.filter((r) => r.kind === 'responses').map((r) => JSON.stringify(r.body));
    expect(prompts.some((p) => p.includes('Respond to all messages in a helpful, conversational manner'))).toBe(true);
  });
});
