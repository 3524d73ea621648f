import { startKith, type KithAgent } from './kith-agent';

interface Outcome {
  name: string;
  ok?: boolean;
  valid?: boolean;
  error?: string;
}

/**
 * How long `kith start` waits for a service's start before it goes on without it. Lowered here:
 * plugin-twitter 1.2.22's start retries its login for as long as the X API fails (isLoggedIn()
 * answers false without throwing, so its retry count never grows), so with the default 30 s the
 * agent listens 30 s late; elizaOS 1.7.2 starts services in the background (see
 * docs/elizaos-compatibility.md).
 */
const START_TIMEOUT_MS = 3_000;

describe('@elizaos/plugin-twitter through kith start, with credentials and no reachable X API', () => {
  let agent: KithAgent;
  beforeAll(async () => {
    agent = await startKith(
      {
        name: 'Tweeter',
        bio: ['Would post on X.'],
        plugins: ['@elizaos/plugin-sql', '@elizaos/plugin-twitter', '@elizaos/plugin-bootstrap', 'kith-compat-probe'],
        // Credentials of the right shape; the X API does not answer from the test machine.
        settings: {
          secrets: {
            TWITTER_API_KEY: 'compat-api-key',
            TWITTER_API_SECRET_KEY: 'compat-api-secret',
            TWITTER_ACCESS_TOKEN: '123-compat-access-token',
            TWITTER_ACCESS_TOKEN_SECRET: 'compat-access-secret',
          },
        },
      },
      { PLUGIN_INIT_TIMEOUT_MS: String(START_TIMEOUT_MS) },
    );
  });
  afterAll(async () => {
    await agent?.stop();
  });

  const kithErrors = () =>
    agent
      .stderr()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));

  it('loads and registers POST_TWEET and its service; the service that cannot log in is one error naming it', async () => {
    const registered = await agent.probe<{ actions: string[]; services: string[] }>('/plugin', { plugin: 'twitter' });
    expect(registered).toMatchObject({ actions: ['POST_TWEET'], services: ['twitter'] });
    // The start is still retrying its login: Kith went on without it after the timeout, and says so once.
    expect(agent.stdout()).toMatch(/^ {2}twitter +init [\d.]+ ms · services 3\d{3}(\.\d+)? ms/m);
    expect(kithErrors()).toHaveLength(1);
    expect(JSON.parse(kithErrors()[0])).toMatchObject({
      service: 'twitter',
      plugin: 'twitter',
      msg: `Service "twitter" of plugin "twitter" did not start within ${START_TIMEOUT_MS} ms; the agent runs without it for now`,
    });
    expect((await agent.probe<{ services: string[] }>('/services', {})).services).not.toContain('twitter');
    // Its own console lines say why.
    expect(agent.stderr()).toContain('Failed to verify authentication');
  });

  it('keeps answering on its other clients; POST_TWEET declines without a connected client', async () => {
    const { replies } = await agent.send('Are you still there?');
    expect(replies).toHaveLength(1);
    expect(replies[0].content.text).toBeTruthy();
    const { actions } = await agent.probe<{ actions: Outcome[] }>('/actions', {
      plugin: 'twitter',
      text: 'post a tweet saying hello',
    });
    expect(actions).toEqual([expect.objectContaining({ name: 'POST_TWEET', valid: false })]);
    expect((await agent.send('Still here?')).replies).toHaveLength(1);
    expect(kithErrors()).toHaveLength(1);
  });

  it('stops on SIGTERM with exit code 0 although the service start is still retrying', async () => {
    const started = Date.now();
    expect(await agent.stop()).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(agent.stderr()).toContain('Stopped.');
  });
});
