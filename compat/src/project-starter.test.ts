import { join } from 'node:path';
import { startKithIn, scratchProject, type KithAgent } from './kith-agent';
import { CHARACTER_PACKAGES } from './pinned-plugins';
import { startProviderServer, type ProviderServer } from './testing/provider-server';

describe('@elizaos/project-starter as elizaOS builds it, run by kith start in its own folder', () => {
  let server: ProviderServer;
  let agent: KithAgent;
  beforeAll(async () => {
    server = await startProviderServer();
    // The package as npm ships it (built dist/index.js default-exporting { agents: [{ character, init, plugins }] }),
    // inside the scratch project whose overrides make its @elizaos/core resolve to @kith/core.
    const folder = join(
      scratchProject(),
      'characters',
      `@elizaos+project-starter@${CHARACTER_PACKAGES['@elizaos/project-starter']}`,
    );
    agent = await startKithIn(folder, {
      OPENAI_API_KEY: 'sk-compat',
      OPENAI_BASE_URL: `${server.url}/openai/v1`,
      OPENAI_EMBEDDING_DIMENSIONS: '384',
      LOG_LEVEL: 'info',
    });
  });
  afterAll(async () => {
    await agent?.stop();
    await server?.close();
  });

  it('runs the project it finds (not the shipped Eliza), with its init, and answers once', async () => {
    expect(agent.stdout()).toContain('Project: dist/index.js (the built project, a project)');
    expect(agent.stdout()).toContain('model: openai (@elizaos/plugin-openai)');
    // The project's init logs through @elizaos/core's logger, which is Kith's.
    expect(`${agent.stdout()}${agent.stderr()}`).toContain('Initializing character');
    const { replies } = await agent.send('Hi Eliza, can you help me with my community?');
    expect(replies.map((r) => r.content.text)).toEqual(['Reply over the openai wire.']);
  });
});
