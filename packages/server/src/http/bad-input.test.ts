import { randomUuid } from '@kith/core';
import { seededRandom } from '@kith/core/test';
import { http } from '../testing/http-client';
import { createTestAgent, type TestAgent } from '../testing/test-agent';
import { startTestServer, type RunningTestServer } from '../testing/test-server';

const STRINGS = [
  '',
  ' ',
  'x',
  'not-a-uuid',
  '0',
  '-1',
  'null',
  '__proto__',
  '💥',
  '\u0000',
  '../../etc/passwd',
  '%',
  'a'.repeat(300),
  '<script>',
  '{"a":1}',
];

function randomValue(random: () => number, depth = 0): unknown {
  const pick = Math.floor(random() * (depth > 2 ? 6 : 8));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return random() > 0.5;
    case 2:
      return [0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2][Math.floor(random() * 5)];
    case 3:
    case 4:
      return STRINGS[Math.floor(random() * STRINGS.length)];
    case 5:
      return randomUuid();
    case 6:
      return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(random, depth + 1));
    default: {
      const keys = [
        'text',
        'id',
        'roomId',
        'entityId',
        'userName',
        'source',
        'attachments',
        'async',
        'channelType',
        'extra',
        '__proto__',
        'constructor',
      ];
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(random() * 4); i > 0; i--)
        object[keys[Math.floor(random() * keys.length)]] = randomValue(random, depth + 1);
      return object;
    }
  }
}

/** Bodies that are wrong for any route that takes one. */
const BAD_BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  true,
  {},
  { text: 5 },
  { text: '' },
  { text: 'ok', id: 'nope' },
  { text: 'ok', roomId: 12 },
  { text: 'ok', extra: 1 },
  { text: 'ok', attachments: [{}] },
  { text: 'ok', channelType: 'SHOUT' },
  { text: 'ok', async: 'yes' },
  { text: 'x'.repeat(100_001) },
];
const BAD_IDS = ['not-a-uuid', '123', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '%20', 'a'.repeat(200)];

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
}

describe('bad input never gets a 500', () => {
  let agent: TestAgent;
  let running: RunningTestServer;
  let operations: Operation[];

  beforeAll(async () => {
    agent = await createTestAgent();
    running = await startTestServer({ agents: [agent.runtime], bodyLimit: 256 * 1024 });
    const doc = await http(running.url, '/api/docs');
    operations = Object.entries(doc.body.paths as Record<string, Record<string, { requestBody?: unknown }>>)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          hasBody: Boolean(op.requestBody),
        })),
      );
  });

  afterAll(() => running.server.close());

  const fill = (path: string, values: Record<string, string>) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? randomUuid());

  const expectClientError = (label: string, response: { status: number; body: { error?: { code?: string } } }) => {
    expect([label, response.status < 500]).toEqual([label, true]);
    if (response.status >= 400) expect([label, typeof response.body.error?.code]).toEqual([label, 'string']);
  };

  it('covers every documented route', () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
  });

  it('answers malformed path parameters with 4xx', async () => {
    for (const op of operations) {
      for (const bad of BAD_IDS) {
        const path = fill(op.path, {
          agentId: encodeURIComponent(bad),
          roomId: encodeURIComponent(bad),
          memoryId: encodeURIComponent(bad),
          runId: encodeURIComponent(bad),
        });
        const response = await http(running.url, path, {
          method: op.method,
          ...(op.hasBody ? { body: { text: 'hi' } } : {}),
        });
        expectClientError(`${op.method} ${path}`, response);
        if (op.path.includes('{agentId}')) expect([path, response.status]).toEqual([path, 400]);
      }
    }
  });

  it('answers bad bodies, random bodies and bad queries on a real agent with 4xx', async () => {
    const random = seededRandom(20261123);
    const ids = { agentId: agent.runtime.agentId, plugin: 'none', path: 'x' };
    for (const op of operations) {
      const path = fill(op.path, ids);
      // fetch sends no body with GET.
      const bodies =
        op.method === 'GET' ? [] : [...BAD_BODIES, ...Array.from({ length: 25 }, () => randomValue(random))];
      for (const body of bodies) {
        const response = await http(running.url, path, {
          method: op.method,
          raw: JSON.stringify(body) ?? 'null',
          headers: { 'content-type': 'application/json' },
        });
        expectClientError(`${op.method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`, response);
        if (op.hasBody && BAD_BODIES.includes(body)) expect([path, body, response.status]).toEqual([path, body, 400]);
      }
      for (const query of [
        '?limit=-1',
        '?limit=abc',
        '?limit=100000',
        '?cursor=',
        '?cursor=%00',
        '?agentId=nope',
        '?roomId=1',
        '?extra=1',
        '?limit=1&limit=2',
      ]) {
        const response = await http(running.url, `${path}${query}`, {
          method: op.method,
          ...(op.hasBody ? { body: { text: 'query test' } } : {}),
        });
        expectClientError(`${op.method} ${path}${query}`, response);
      }
    }
  });

  it('names the bad value in the error', async () => {
    const base = `/api/agents/${agent.runtime.agentId}`;
    const cases: [string, unknown, string][] = [
      [`${base}/messages`, {}, 'body.text'],
      [`${base}/messages`, { text: 'hi', roomId: 'x' }, 'body.roomId'],
      [`${base}/messages`, { text: 'hi', attachments: [{ id: 'a' }] }, 'body.attachments.0.url'],
      [`${base}/messages`, { text: 'hi', surprise: true }, 'body'],
    ];
    for (const [path, body, where] of cases) {
      const response = await http(running.url, path, { body });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'KITH_REQUEST_INVALID', path: where });
    }
    const badParam = await http(running.url, '/api/agents/nope/runs');
    expect(badParam.body.error).toMatchObject({ code: 'KITH_REQUEST_INVALID', path: 'params.agentId' });
    const badQuery = await http(running.url, `${base}/runs?limit=0`);
    expect(badQuery.body.error).toMatchObject({ code: 'KITH_REQUEST_INVALID', path: 'query.limit' });
  });

  it('answers broken JSON 400, other content types 415 and oversize bodies 413', async () => {
    const path = `/api/agents/${agent.runtime.agentId}/messages`;
    const broken = await http(running.url, path, { raw: '{"text": ', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatchObject({ code: 'KITH_REQUEST_INVALID', path: 'body' });
    const poisoned = await http(running.url, path, {
      raw: '{"text":"hi","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(poisoned.status).toBe(400);
    const xml = await http(running.url, path, {
      raw: '<text>hi</text>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    expect(xml.body.error.code).toBe('KITH_REQUEST_INVALID');
    const huge = await http(running.url, path, { body: { text: 'x'.repeat(300 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('KITH_PAYLOAD_TOO_LARGE');
    const unknown = await http(running.url, '/api/nothing/here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('KITH_RESOURCE_NOT_FOUND');
  });
});

describe('per-address rate limit', () => {
  it('answers 429 with Retry-After once an address sends more than the limit', async () => {
    const agent = await createTestAgent();
    const { server, url } = await startTestServer({
      agents: [agent.runtime],
      rateLimit: { max: 5, timeWindowMs: 60_000, limitLoopback: true },
    });
    try {
      const statuses: number[] = [];
      let last = await http(url, '/api/agents');
      statuses.push(last.status);
      for (let i = 0; i < 5; i++) {
        last = await http(url, '/api/agents');
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(last.body.error.code).toBe('KITH_RATE_LIMITED');
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('reads its limit from KITH_SERVER_RATE_LIMIT_MAX and refuses a bad value', async () => {
    const agent = await createTestAgent();
    const { server, url } = await startTestServer({
      agents: [agent.runtime],
      rateLimit: undefined,
      env: { KITH_SERVER_RATE_LIMIT_MAX: '1', KITH_SERVER_RATE_LIMIT_LOOPBACK: 'true' },
    });
    try {
      expect((await http(url, '/api/agents')).status).toBe(200);
      expect((await http(url, '/api/agents')).status).toBe(429);
    } finally {
      await server.close();
    }
    await expect(
      startTestServer({ rateLimit: undefined, env: { KITH_SERVER_RATE_LIMIT_MAX: 'lots' } }),
    ).rejects.toMatchObject({ code: 'KITH_CONFIG_INVALID' });
  });
});
