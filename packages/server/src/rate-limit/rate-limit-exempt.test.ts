import { http } from '../testing/http-client';
import { createTestAgent } from '../testing/test-agent';
import { startTestServer } from '../testing/test-server';
import { isLoopbackAddress } from './rate-limit-exempt';

const LIMIT = { max: 2, timeWindowMs: 60_000 };
const REMOTE = '203.0.113.7';

async function statuses(send: () => Promise<number>, count: number): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push(await send());
  return seen;
}

describe('who the rate limit applies to', () => {
  it('knows loopback addresses in every spelling', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.0.0.1', '203.0.113.7', '::ffff:10.0.0.1', '::2', '1127.0.0.1'].map(isLoopbackAddress)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('limits remote clients but not loopback ones, unless asked to', async () => {
    const agent = await createTestAgent();
    const { server, url } = await startTestServer({ agents: [agent.runtime], rateLimit: LIMIT });
    try {
      // This test talks over 127.0.0.1: never limited by default.
      expect(await statuses(async () => (await http(url, '/api/agents')).status, 5)).toEqual([200, 200, 200, 200, 200]);
      // A remote address (injected: this machine has no other interface to send from) is.
      const remote = async () =>
        (await server.app.inject({ method: 'GET', url: '/api/agents', remoteAddress: REMOTE })).statusCode;
      expect(await statuses(remote, 3)).toEqual([200, 200, 429]);
    } finally {
      await server.close();
    }
    const strict = await startTestServer({
      agents: [(await createTestAgent()).runtime],
      rateLimit: undefined,
      env: { KITH_SERVER_RATE_LIMIT_MAX: '2', KITH_SERVER_RATE_LIMIT_LOOPBACK: 'true' },
    });
    try {
      expect(await statuses(async () => (await http(strict.url, '/api/agents')).status, 3)).toEqual([200, 200, 429]);
    } finally {
      await strict.server.close();
    }
  });

  it('does not limit requests with the valid API key, unless asked to', async () => {
    const agent = await createTestAgent();
    const { server } = await startTestServer({ agents: [agent.runtime], authToken: 'secret', rateLimit: LIMIT });
    const remote = (url: string, key?: string) => async () =>
      (
        await server.app.inject({
          method: 'GET',
          url,
          remoteAddress: REMOTE,
          headers: key === undefined ? {} : { 'x-api-key': key },
        })
      ).statusCode;
    try {
      expect(await statuses(remote('/api/agents', 'secret'), 4)).toEqual([200, 200, 200, 200]);
      // The same remote client without the key, on the one route that needs none.
      expect(await statuses(remote('/api/health'), 3)).toEqual([200, 200, 429]);
    } finally {
      await server.close();
    }
    const strict = await startTestServer({
      agents: [(await createTestAgent()).runtime],
      authToken: 'secret',
      rateLimit: { ...LIMIT, limitApiKey: true },
    });
    try {
      const keyed = async () =>
        (
          await strict.server.app.inject({
            method: 'GET',
            url: '/api/agents',
            remoteAddress: REMOTE,
            headers: { 'x-api-key': 'secret' },
          })
        ).statusCode;
      expect(await statuses(keyed, 3)).toEqual([200, 200, 429]);
    } finally {
      await strict.server.close();
    }
  });

  it('refuses a KITH_SERVER_RATE_LIMIT_LOOPBACK that is not a boolean', async () => {
    await expect(
      startTestServer({ rateLimit: undefined, env: { KITH_SERVER_RATE_LIMIT_LOOPBACK: 'sometimes' } }),
    ).rejects.toMatchObject({
      code: 'KITH_CONFIG_INVALID',
      message: expect.stringContaining('KITH_SERVER_RATE_LIMIT_LOOPBACK must be true or false'),
    });
  });
});
