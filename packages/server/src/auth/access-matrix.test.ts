import type { UUID } from '@kith/core';
import { http, type HttpResult } from '../testing/http-client';
import { ADMIN_KEY, startSessionServer, type SessionTestServer } from '../testing/session-server';
import { ROUTE_ACCESS_LEVELS, type RouteAccess } from './route-access';

type Role = 'none' | 'userA' | 'userB' | 'anonymous' | 'admin';

/** What a session that does not own the resource gets on a session route: let in (its own view) or refused. */
type Others = 'allowed' | 'denied';

interface Fixture {
  agentX: UUID;
  agentY: UUID;
  roomA: UUID;
  channelA: UUID;
  memoryA: UUID;
  runA: UUID;
}

interface Case {
  body?: (fx: Fixture) => unknown;
  query?: string;
  /** Session routes: what user B and an anonymous session get (user A owns every resource in the path). */
  others?: Others;
  /** A public route that refuses sessions (POST /api/sessions). */
  refusesSessions?: boolean;
}

/**
 * Every operation of the OpenAPI document, with the request the matrix sends. An operation
 * missing here (a new route) fails the test: add its row, and its access rule on the route.
 */
const CASES: Record<string, Case> = {
  health: {},
  createSession: { body: () => ({ userName: 'matrix' }), refusesSessions: true },
  metrics: {},
  prometheusMetrics: {},
  openApi: {},
  listAgents: { others: 'allowed' },
  getAgent: {},
  startAgent: {},
  // Without an agent factory (this server has none) the studio's changes answer 409 to the admin.
  getStudio: {},
  createAgent: { body: () => ({ character: { name: 'Matrix' } }) },
  getAgentCharacter: {},
  updateAgent: { body: () => ({ character: { bio: 'x' }, version: 1 }) },
  deleteAgent: {},
  listConversations: {},
  stopAgent: {},
  postMessage: { body: (fx) => ({ text: 'one more', roomId: fx.roomA }), others: 'denied' },
  createChannel: { body: (fx) => ({ agentIds: [fx.agentX] }), others: 'allowed' },
  getChannel: { others: 'denied' },
  joinChannel: { body: (fx) => ({ agentId: fx.agentY }) },
  leaveChannel: {},
  postChannelMessage: { body: () => ({ text: 'into the channel', userName: 'someone' }), others: 'denied' },
  listChannelMessages: { others: 'denied' },
  listRooms: { others: 'allowed' },
  listRoomMemories: { others: 'denied' },
  searchRoomMemories: { query: '?q=secret', others: 'denied' },
  clearRoom: {},
  deleteMemory: {},
  listRuns: {},
  getRun: {},
  getUsage: {},
  // The upgrade itself; what a session may join and send is checked frame by frame (ws-gate.test.ts).
  websocket: { others: 'allowed' },
  pluginRouteGet: {},
  pluginRoutePost: { body: () => ({}) },
  pluginRoutePut: { body: () => ({}) },
  pluginRoutePatch: { body: () => ({}) },
  pluginRouteDelete: {},
};

const A_SECRET = 'the secret plans of user A';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  access: RouteAccess | undefined;
}

function fill(path: string, fx: Fixture): string {
  const values: Record<string, string> = {
    agentId: fx.agentX,
    roomId: fx.roomA,
    channelId: fx.channelA,
    memoryId: fx.memoryA,
    runId: fx.runA,
    plugin: 'matrix',
    path: 'private',
  };
  return path.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The outcome a role must get, from the route's declared access and its case. */
function expected(op: Operation, role: Role): 'allowed' | 'owner' | 'unauthorized' | 'forbidden' | 'denied' {
  const rule = CASES[op.operationId];
  if (role === 'admin') return 'allowed';
  if (op.access === 'public') return role !== 'none' && rule.refusesSessions ? 'forbidden' : 'allowed';
  if (role === 'none') return 'unauthorized';
  if (op.access !== 'session') return 'forbidden';
  if (role === 'userA') return 'owner';
  return rule.others ?? 'denied';
}

function meets(outcome: ReturnType<typeof expected>, response: HttpResult): boolean {
  const { status } = response;
  const code = response.body?.error?.code as string | undefined;
  switch (outcome) {
    case 'allowed':
      return status < 500 && status !== 401 && status !== 403;
    case 'owner':
      return status < 400 || status === 426;
    case 'unauthorized':
      return status === 401 && code === 'KITH_UNAUTHORIZED';
    case 'forbidden':
      return status === 403 && code === 'KITH_FORBIDDEN';
    case 'denied':
      return (status === 403 && code === 'KITH_FORBIDDEN') || (status === 404 && code === 'KITH_RESOURCE_NOT_FOUND');
  }
}

describe('authorization matrix: every route of the OpenAPI document × {none, user A, user B, anonymous, admin}', () => {
  let server: SessionTestServer;
  let fx: Fixture;
  let operations: Operation[];
  const headers: Partial<Record<Role, Record<string, string>>> = {};

  beforeAll(async () => {
    server = await startSessionServer();
    const { url, agentX, agentY } = server;
    // User A may use agent X only; B and the anonymous visitor every agent.
    const userA = await server.mint({ userName: 'Ann', agentIds: [agentX] });
    const userB = await server.mint({ userName: 'Bob' });
    const anonymous = await server.anonymous();
    headers.none = {};
    headers.admin = { 'x-api-key': ADMIN_KEY };
    headers.userA = { authorization: `Bearer ${userA.token}` };
    headers.userB = { authorization: `Bearer ${userB.token}` };
    headers.anonymous = { authorization: `Bearer ${anonymous.token}` };

    const said = await http(url, `/api/agents/${agentX}/messages`, {
      body: { text: A_SECRET },
      headers: headers.userA,
    });
    expect([said.status, said.body]).toEqual([200, expect.anything()]);
    const channel = await http(url, '/api/channels', { body: { agentIds: [agentX] }, headers: headers.userA });
    expect(channel.status).toBe(201);
    const posted = await http(url, `/api/channels/${channel.body.channelId}/messages`, {
      body: { text: `${A_SECRET} (channel)`, userName: 'Ann' },
      headers: headers.userA,
    });
    expect(posted.status).toBe(202);
    fx = {
      agentX,
      agentY,
      roomA: said.body.roomId,
      channelA: channel.body.channelId,
      memoryA: said.body.memoryId,
      runA: said.body.runId,
    };

    const docs = await http(url, '/api/docs', { headers: headers.admin });
    operations = Object.entries(
      docs.body.paths as Record<string, Record<string, { operationId: string; 'x-access'?: RouteAccess }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        access: op['x-access'],
      })),
    );
  }, 60_000);

  afterAll(() => server?.stop());

  it('has a declared access rule and a matrix row for every operation, and no row without an operation', () => {
    expect(operations.length).toBeGreaterThanOrEqual(30);
    const undeclared = operations.filter((op) => !op.access || !ROUTE_ACCESS_LEVELS.includes(op.access));
    expect(undeclared.map((op) => `${op.method} ${op.path}`)).toEqual([]);
    expect(operations.filter((op) => !CASES[op.operationId]).map((op) => op.operationId)).toEqual([]);
    expect(Object.keys(CASES).filter((id) => !operations.some((op) => op.operationId === id))).toEqual([]);
  });

  it('answers each role as its rule says, and never shows user A’s words to anyone else', async () => {
    const failures: string[] = [];
    let requests = 0;
    // Admin last: its calls stop agents, clear rooms and delete memories.
    for (const role of ['none', 'userB', 'anonymous', 'userA', 'admin'] as Role[]) {
      for (const op of operations) {
        const rule = CASES[op.operationId];
        const body = rule.body?.(fx);
        const response = await http(server.url, `${fill(op.path, fx)}${rule.query ?? ''}`, {
          method: op.method,
          headers: headers[role],
          ...(body === undefined ? {} : { body }),
        });
        requests += 1;
        const outcome = expected(op, role);
        if (!meets(outcome, response))
          failures.push(
            `${role} ${op.method} ${op.path} (${op.access}): wanted ${outcome}, got ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`,
          );
        const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
        if ((role === 'userB' || role === 'anonymous') && text.includes(A_SECRET))
          failures.push(`${role} ${op.method} ${op.path} showed user A's message`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBe(operations.length * 5);
  }, 120_000);

  it('serves a plugin route marked public to anyone, and its other routes to the admin key only', async () => {
    const open = `/api/agents/${fx.agentX}/plugins/matrix/open`;
    for (const role of ['none', 'userB', 'anonymous', 'admin'] as Role[])
      expect([role, (await http(server.url, open, { headers: headers[role] })).status]).toEqual([role, 200]);
  });
});
