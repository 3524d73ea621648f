import { startKith, type KithAgent } from './kith-agent';

interface Outcome {
  name: string;
  ok?: boolean;
  valid?: boolean;
  error?: string;
}

describe('@elizaos/plugin-discord through kith start, with no reachable Discord gateway', () => {
  let agent: KithAgent;
  beforeAll(async () => {
    agent = await startKith({
      name: 'Discordian',
      bio: ['Would talk on Discord.'],
      plugins: ['@elizaos/plugin-sql', '@elizaos/plugin-discord', '@elizaos/plugin-bootstrap', 'kith-compat-probe'],
      // A token of the right shape; the gateway (discord.com) is not reachable from the test.
      settings: {
        secrets: { DISCORD_APPLICATION_ID: '123456789012345678', DISCORD_API_TOKEN: 'MTIz.compat.fake-token' },
      },
    });
  });
  afterAll(async () => {
    await agent?.stop();
  });

  const errors = () =>
    agent
      .stderr()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));

  it('loads and starts; the failed login is one clear error; the agent keeps serving its other clients', async () => {
    expect(agent.stdout()).toMatch(/^ {2}discord +init [\d.]+ ms/m);
    const registered = await agent.probe<{ actions: string[]; providers: string[]; services: string[] }>('/plugin', {
      plugin: 'discord',
    });
    expect(registered.actions.length).toBeGreaterThan(10);
    expect(registered.services).toEqual(['discord']);
    // The REST API keeps answering while the Discord client has given up.
    const { replies } = await agent.send('Are you still there?');
    expect(replies).toHaveLength(1);
    // No DNS fails at once; an unroutable address fails at undici's 10 s connect timeout.
    for (let i = 0; i < 240 && errors().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toMatch(/Failed to login to Discord/);
    // Its providers and actions run without a connection: they answer or decline, and the agent stays up.
    const { providers } = await agent.probe<{ providers: Outcome[] }>('/providers', {
      plugin: 'discord',
      text: 'hello',
    });
    expect(providers.map((p) => p.name).sort()).toEqual([...registered.providers].sort());
    const { actions } = await agent.probe<{ actions: Outcome[] }>('/actions', {
      plugin: 'discord',
      text: 'summarize the conversation',
    });
    expect(actions).toHaveLength(registered.actions.length);
    expect((await agent.send('Still here?')).replies).toHaveLength(1);
  });
});
