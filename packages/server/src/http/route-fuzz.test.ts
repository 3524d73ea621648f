import { connect } from 'node:net';
import type { Plugin } from '@kith/core';
import fc from 'fast-check';
import { rawRequest, type RawResponse } from '../testing/raw-request';
import { fillRoute, routeParams, routeTable, type TableRoute } from '../testing/route-table';
import { createTestAgent, type TestAgent } from '../testing/test-agent';
import { startTestServer, type RunningTestServer } from '../testing/test-server';

// Seeded: a failure prints the seed and the shrunk request, and reruns the same way.
const SEED = 20261123;
const RUNS_PER_ROUTE = 30;
const BODY_LIMIT = 32 * 1024;

/** Parameters the server validates as UUIDs: anything else there must be refused. */
const UUID_PARAMS = new Set(['agentId', 'roomId', 'runId', 'memoryId']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The routes the server is known to register; the table must hold at least these. */
const KNOWN_ROUTES = [
  'GET /api/health',
  'GET /api/metrics',
  'GET /api/docs',
  'GET /api/agents',
  'GET /api/agents/:agentId',
  'POST /api/agents/:agentId/start',
  'POST /api/agents/:agentId/stop',
  'POST /api/agents/:agentId/messages',
  'DELETE /api/agents/:agentId/memories/:memoryId',
  'GET /api/agents/:agentId/rooms',
  'GET /api/agents/:agentId/rooms/:roomId/memories',
  'GET /api/agents/:agentId/rooms/:roomId/memories/search',
  'DELETE /api/agents/:agentId/rooms/:roomId/memories',
  'GET /api/agents/:agentId/runs',
  'GET /api/agents/:agentId/runs/:runId',
  'GET /api/agents/:agentId/usage',
  'POST /api/agents/:agentId/plugins/:plugin/*',
  'GET /ws',
  'GET /*',
];

/** A plugin with routes, so the plugin-route dispatcher is fuzzed past "no such route" too. */
const echoPlugin: Plugin = {
  name: 'echo',
  description: 'echoes requests',
  routes: [
    {
      type: 'GET',
      path: '/echo/:id',
      handler: async (req, res) => void res.json({ params: req.params, query: req.query }),
    },
    { type: 'POST', path: '/echo', handler: async (req, res) => void res.json({ body: req.body ?? null }) },
  ],
};

// Values that have broken routers and validators elsewhere: encodings, traversal, NUL, RTL override, lone %.
const HOSTILE_SEGMENTS = [
  '%',
  '%zz',
  '%00',
  '%C0%AF',
  '%E2%80%AE',
  '%2F',
  '..',
  '%2e%2e',
  '.',
  '%20',
  '+',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  '-1',
  '0',
  '1e999',
  '%F0%9F%92%A5',
  '%FF%FE',
  '{}',
  '[]',
  '%7B%7D',
];

const encoded = (text: string) => encodeURIComponent(text);
/** A non-empty text with well-formed surrogates (encodeURIComponent refuses lone ones). */
const anyText = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });

function paramValue(name: string, agentId: string): fc.Arbitrary<string> {
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    { weight: 2, arbitrary: anyText.map(encoded) },
    { weight: 2, arbitrary: fc.uuid() }, // well-formed, unknown
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.uuid().map((id) => `{${id}}`) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 4000 }).map((length) => 'a'.repeat(length)) }, // past maxParamLength (2048) too
    // Often the real agent, so bodies and queries reach the handlers, not only the id check.
    { weight: name === 'agentId' ? 8 : 1, arbitrary: fc.constant(agentId) },
  ];
  if (name === '*')
    options.push(
      {
        weight: 2,
        arbitrary: fc.array(anyText.map(encoded), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/')),
      },
      { weight: 10, arbitrary: fc.constantFrom('echo', 'echo/1', 'echo/x/y') },
    );
  if (name === 'plugin')
    options.push({ weight: 10, arbitrary: fc.constantFrom('echo', 'echo', '%40scope%2Fecho', 'bootstrap') });
  return fc.oneof(...options);
}

const QUERY_KEYS = [
  'limit',
  'cursor',
  'roomId',
  'agentId',
  'tableName',
  'apiKey',
  'count',
  'before',
  '__proto__',
  'constructor',
  'toString',
  'a[b]',
  '',
];
const QUERY_VALUES = fc.oneof(
  fc.constantFrom(
    '',
    '-1',
    '0',
    '1',
    '200',
    '201',
    '1e3',
    'NaN',
    'abc',
    'null',
    'true',
    '%',
    '%00',
    'messages',
    'facts',
    '__proto__',
    'eyJ0IjoxfQ',
    'eyJ0IjotMSwiaWRzIjpbXX0',
    'x'.repeat(3000),
  ),
  anyText.map(encoded),
  fc.uuid(),
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), anyText.map(encoded)), QUERY_VALUES), {
      minLength: 1,
      maxLength: 4,
    })
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  fc.constantFrom('?', '?&&', '?=x', '?limit', '?limit=1&limit=2', '?roomId=a&roomId=b'),
);

const CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=latin1',
  '',
  'invalid',
  'application/json, text/plain',
];

/** Message-shaped bodies with every field of the wrong type, missing or extra. */
const wrongField = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const messageLike = fc.record(
  {
    text: wrongField,
    roomId: wrongField,
    id: wrongField,
    entityId: wrongField,
    userName: wrongField,
    attachments: fc.oneof(wrongField, fc.array(fc.record({ id: wrongField, url: wrongField }), { maxLength: 12 })),
    async: wrongField,
    channelType: wrongField,
    extra: wrongField,
  },
  { requiredKeys: [] },
);
/** Valid messages, so the fuzz also reaches the pipeline and its 200/202 answers. */
const validMessage = fc.record(
  {
    text: fc.string({ minLength: 1, maxLength: 200 }),
    roomId: fc.uuid(),
    userName: fc.constantFrom('ann', 'Bob ', '💥'),
    channelType: fc.constantFrom('DM', 'GROUP', 'API'),
    async: fc.boolean(),
    source: fc.constantFrom('api', 'fuzz'),
  },
  { requiredKeys: ['text'] },
);
const payload = fc.oneof(
  validMessage.map((value) => JSON.stringify(value)),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
  messageLike.map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '',
    ' ',
    '{',
    '{"text":',
    '{"text":"hi"}',
    '{"text":"hi","__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    'null',
    '[]',
    '"text"',
    '\u0000',
    '\uFEFF{"text":"hi"}',
  ),
  fc.integer({ min: 1, max: BODY_LIMIT - 64 }).map((length) => JSON.stringify({ text: 'x'.repeat(length) })),
);
// JSON most of the time, so the validators behind the content-type check are reached.
const contentType = fc.oneof(
  { weight: 3, arbitrary: fc.constant('application/json') },
  { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
);
const body = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.record({ contentType, payload }) },
);

interface FuzzCase {
  params: Record<string, string>;
  query: string;
  body: { contentType: string | undefined; payload: string } | undefined;
}

function requestFor(route: TableRoute, fuzz: FuzzCase) {
  const headers: Record<string, string> = {};
  if (fuzz.body?.contentType !== undefined) headers['content-type'] = fuzz.body.contentType;
  return {
    method: route.method,
    path: `${fillRoute(route.url, fuzz.params)}${fuzz.query}`,
    headers,
    body: fuzz.body?.payload,
  };
}

/** A client error: 4xx, and (but for HEAD, which has no body) `{ error: { code, message } }`. */
function expectClientError(label: string, response: RawResponse, method: string): void {
  const error = (response.json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  const shaped =
    method === 'HEAD' ||
    (typeof error?.code === 'string' && typeof error.message === 'string' && error.message.length > 0);
  if (response.status < 400 || response.status >= 500 || !shaped)
    throw new Error(`${label} -> ${response.status} ${response.text.slice(0, 300)}`);
}

/** Never a 5xx; any 4xx carries the error shape. */
function expectNoServerError(label: string, response: RawResponse, method: string): void {
  if (response.status >= 500) throw new Error(`${label} -> ${response.status} ${response.text.slice(0, 300)}`);
  if (response.status >= 400) expectClientError(label, response, method);
}

describe('HTTP fuzz: every registered route, bad input -> 4xx, never 5xx', () => {
  let agent: TestAgent;
  let running: RunningTestServer;
  let routes: TableRoute[];

  beforeAll(async () => {
    agent = await createTestAgent({ plugins: [echoPlugin] });
    running = await startTestServer({ agents: [agent.runtime], bodyLimit: BODY_LIMIT });
    routes = routeTable(running.server.app);
  });

  afterAll(() => running.server.close());

  it('reads the route table from Fastify, and it holds every known route and every documented operation', async () => {
    const listed = new Set(routes.map((route) => `${route.method} ${route.url}`));
    expect(routes.length).toBeGreaterThanOrEqual(KNOWN_ROUTES.length);
    for (const known of KNOWN_ROUTES) expect([known, listed.has(known)]).toEqual([known, true]);
    // The OpenAPI document cannot list a route the router does not serve.
    const docs = await rawRequest(running.url, { method: 'GET', path: '/api/docs' });
    const paths = (docs.json as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const [path, methods] of Object.entries(paths)) {
      for (const method of Object.keys(methods)) {
        // The document names the plugin routes' wildcard {path}.
        const url = path.replace(/\/\{path\}$/, '/*').replace(/\{(\w+)\}/g, ':$1');
        const route = `${method.toUpperCase()} ${url}`;
        expect([route, listed.has(route)]).toEqual([route, true]);
      }
    }
  });

  it('answers random params, queries and bodies on every route without a 5xx, and bad ids and bodies with a 4xx', async () => {
    let requests = 0;
    for (const route of routes) {
      const names = routeParams(route.url);
      const params = fc.record(
        Object.fromEntries(names.map((name) => [name, paramValue(name, agent.runtime.agentId)])),
      );
      await fc.assert(
        fc.asyncProperty(params, query, body, async (fuzzParams, fuzzQuery, fuzzBody) => {
          const fuzz: FuzzCase = { params: fuzzParams, query: fuzzQuery, body: fuzzBody };
          const sent = requestFor(route, fuzz);
          const label = `${route.method} ${route.url} as ${sent.method} ${sent.path.slice(0, 200)} [${sent.headers['content-type'] ?? 'no content-type'}] ${String(sent.body ?? '').slice(0, 80)}`;
          const response = await rawRequest(running.url, sent);
          requests += 1;
          expectNoServerError(label, response, route.method);
          // A malformed id in a UUID parameter can never be served.
          const badId = names.some(
            (name) => UUID_PARAMS.has(name) && !UUID.test(decodeURIComponentSafe(fuzzParams[name] ?? '')),
          );
          if (badId) expectClientError(label, response, route.method);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
      // The fuzz may have stopped the agent (POST /stop is a route too); the next route gets it running.
      await rawRequest(running.url, { method: 'POST', path: `/api/agents/${agent.runtime.agentId}/start` });
    }
    expect(requests).toBeGreaterThanOrEqual(routes.length * RUNS_PER_ROUTE);
  });

  it('answers a body over the size limit with 413 on every route that takes a body', async () => {
    const bodyRoutes = routes.filter((route) => !['GET', 'HEAD'].includes(route.method));
    expect(bodyRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of bodyRoutes) {
      const path = fillRoute(route.url, {
        agentId: agent.runtime.agentId,
        roomId: agent.runtime.agentId,
        memoryId: agent.runtime.agentId,
        runId: agent.runtime.agentId,
        plugin: 'echo',
        '*': 'echo',
      });
      const response = await rawRequest(running.url, {
        method: route.method,
        path,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'x'.repeat(BODY_LIMIT) }),
      });
      expectClientError(`${route.method} ${path} oversize`, response, route.method);
      expect([
        route.method,
        route.url,
        response.status,
        (response.json as { error: { code: string } }).error.code,
      ]).toEqual([route.method, route.url, 413, 'KITH_PAYLOAD_TOO_LARGE']);
    }
  });

  it('answers broken JSON with 400 and a foreign content type with 415 on every route that takes a body', async () => {
    const bodyRoutes = routes.filter((route) => !['GET', 'HEAD'].includes(route.method));
    for (const route of bodyRoutes) {
      const path = fillRoute(route.url, {
        agentId: agent.runtime.agentId,
        roomId: agent.runtime.agentId,
        memoryId: agent.runtime.agentId,
        runId: agent.runtime.agentId,
        plugin: 'echo',
        '*': 'echo',
      });
      const broken = await rawRequest(running.url, {
        method: route.method,
        path,
        headers: { 'content-type': 'application/json' },
        body: '{"text": ',
      });
      expect([route.method, route.url, broken.status]).toEqual([route.method, route.url, 400]);
      expectClientError(`${route.method} ${path} broken JSON`, broken, route.method);
      const foreign = await rawRequest(running.url, {
        method: route.method,
        path,
        headers: { 'content-type': 'application/xml' },
        body: '<text>hi</text>',
      });
      expect([route.method, route.url, foreign.status]).toEqual([route.method, route.url, 415]);
      expectClientError(`${route.method} ${path} xml`, foreign, route.method);
    }
  });

  it('answers requests the HTTP parser refuses with 400 and the same error shape', async () => {
    const { port } = new URL(running.url);
    const malformed = [
      'GARBAGE\r\n\r\n',
      'GET /api/agents HTTP/9.9\r\n\r\n',
      'GET /api/agents HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      'POST /api/agents HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'GET /api/\u0000agents HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/agents HTTP/1.1\r\nBad Header\r\n\r\n',
    ];
    for (const raw of malformed) {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('utf8')));
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
        socket.end(raw);
      });
      const [head = '', text = ''] = answer.split('\r\n\r\n');
      expect([JSON.stringify(raw), head.split('\r\n')[0]]).toEqual([JSON.stringify(raw), 'HTTP/1.1 400 Bad Request']);
      expect(JSON.parse(text)).toMatchObject({
        error: { code: 'KITH_REQUEST_INVALID', message: expect.stringContaining('malformed HTTP request') },
      });
    }
  });

  it('still serves the agent after the fuzzing', async () => {
    await rawRequest(running.url, { method: 'POST', path: `/api/agents/${agent.runtime.agentId}/start` });
    const response = await rawRequest(running.url, {
      method: 'POST',
      path: `/api/agents/${agent.runtime.agentId}/messages`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'still there?' }),
    });
    expect(response.status).toBe(200);
    const echo = await rawRequest(running.url, {
      method: 'GET',
      path: `/api/agents/${agent.runtime.agentId}/plugins/echo/echo/7?q=1`,
    });
    expect([echo.status, echo.json]).toEqual([
      200,
      { params: { id: '7', agentId: agent.runtime.agentId }, query: { q: '1' } },
    ]);
  });
});

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
