import { createLogger, type IAgentRuntime, type Plugin, type RegisteredRoute } from '@kith/core';
import { http } from '../testing/http-client';
import { createTestAgent, type TestAgent } from '../testing/test-agent';
import { startTestServer, type RunningTestServer } from '../testing/test-server';
import { PluginRouteTable } from './plugin-route-table';

const notesPlugin: Plugin = {
  name: '@acme/plugin-notes',
  description: 'Notes with its own routes',
  routes: [
    {
      type: 'GET',
      path: '/notes/:noteId',
      handler: async (req, res, runtime) => {
        res.json({ noteId: req.params?.noteId, agent: runtime.character.name, query: req.query });
      },
    },
    {
      type: 'POST',
      path: '/notes',
      handler: async (req, res) => {
        res.status(201).json({ received: req.body });
      },
    },
    { type: 'DELETE', path: '/notes/:noteId', handler: async (_req, res) => void res.status(204).end() },
    {
      type: 'GET',
      path: '/text',
      handler: async (_req, res) => void res.setHeader?.('x-plugin', 'notes').send('plain words'),
    },
    { type: 'GET', path: '/silent', handler: async () => undefined },
    {
      // Node's raw response API, as elizaOS plugins use it (plugin-knowledge).
      type: 'GET',
      path: '/node-style',
      handler: async (_req, res) => {
        res.writeHead?.(202, { 'Content-Type': 'application/json' });
        res.write?.('{"success":');
        res.end('true}');
      },
    },
    {
      type: 'GET',
      path: '/broken',
      handler: async () => {
        throw new Error('plugin bug');
      },
    },
  ],
};

describe('plugin routes', () => {
  let agent: TestAgent;
  let running: RunningTestServer;
  let base: string;

  beforeEach(async () => {
    agent = await createTestAgent({ plugins: [notesPlugin] });
    running = await startTestServer({ agents: [agent.runtime] });
    base = `/api/agents/${agent.runtime.agentId}/plugins`;
  });

  afterEach(() => running.server.close());

  it('mounts each route under /api/agents/:agentId/plugins/<plugin>/<path> with its params', async () => {
    const byFullName = await http(running.url, `${base}/${encodeURIComponent('@acme/plugin-notes')}/notes/n1?tag=x`);
    expect(byFullName.status).toBe(200);
    expect(byFullName.body).toEqual({ noteId: 'n1', agent: 'Testy', query: { tag: 'x' } });
    const byShortName = await http(running.url, `${base}/plugin-notes/notes/n2`);
    expect(byShortName.body.noteId).toBe('n2');
  });

  it("takes Node-style writeHead/write/end from elizaOS plugins' routes", async () => {
    const response = await http(running.url, `${base}/plugin-notes/node-style`);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ success: true });
  });

  it('passes bodies and status codes through', async () => {
    const created = await http(running.url, `${base}/plugin-notes/notes`, { body: { text: 'buy milk' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ received: { text: 'buy milk' } });
    const removed = await http(running.url, `${base}/plugin-notes/notes/n1`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    const text = await http(running.url, `${base}/plugin-notes/text`);
    expect(text.body).toBe('plain words');
    expect(text.headers.get('x-plugin')).toBe('notes');
    expect((await http(running.url, `${base}/plugin-notes/silent`)).status).toBe(204);
  });

  it('answers 404 for unknown plugins, paths and methods, and 500 with a code when a handler throws', async () => {
    for (const path of ['/other-plugin/notes/n1', '/plugin-notes/nothing', '/plugin-notes/notes/n1/extra']) {
      const response = await http(running.url, `${base}${path}`);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('KITH_RESOURCE_NOT_FOUND');
    }
    expect((await http(running.url, `${base}/plugin-notes/notes/n1`, { method: 'PUT', body: {} })).status).toBe(404);
    const broken = await http(running.url, `${base}/plugin-notes/broken`);
    expect(broken.status).toBe(500);
    expect(broken.body.error.code).toBe('KITH_INTERNAL_ERROR');
    expect(broken.body.error.message).not.toContain('plugin bug');
  });

  it('serves the routes of an agent added after the server started listening', async () => {
    const later = await createTestAgent({ name: 'Later', plugins: [notesPlugin] });
    await running.server.addAgent(later.runtime);
    const response = await http(running.url, `/api/agents/${later.runtime.agentId}/plugins/plugin-notes/notes/n3`);
    expect(response.body).toEqual({ noteId: 'n3', agent: 'Later', query: {} });
  });

  it('lists the routes in the agent detail', async () => {
    const detail = await http(running.url, `/api/agents/${agent.runtime.agentId}`);
    expect(detail.body.routes).toContainEqual({
      plugin: '@acme/plugin-notes',
      method: 'GET',
      path: '/notes/:noteId',
      url: `/api/agents/${agent.runtime.agentId}/plugins/%40acme%2Fplugin-notes/notes/:noteId`,
    });
  });
});

describe('PluginRouteTable', () => {
  const handler = async () => undefined;
  const route = (pluginName: string, type: RegisteredRoute['type'], path: string): RegisteredRoute => ({
    type,
    path,
    handler,
    pluginName,
  });
  const tableOf = (routes: RegisteredRoute[]) =>
    new PluginRouteTable({ routes } as unknown as IAgentRuntime, createLogger({ level: 'silent' }));

  it.each([
    ['/a/:id', '/a/7', { id: '7' }],
    ['a/:x/b/:y', '/a/1/b/2', { x: '1', y: '2' }],
    ['/static/path', '/static/path', {}],
    ['/a/:id', '/a/7/', { id: '7' }],
    ['/a/:id', '/a/caf%C3%A9%2Fx', { id: 'café/x' }],
    ['/files/*', '/files/x/y', { '*': 'x/y' }],
    ['/a/:id', '/a', null],
    ['/a/:id', '/b/7', null],
    ['/a/:id', '/a/7/8', null],
  ])('%s against %s', (pattern, path, expected) => {
    const found = tableOf([route('@acme/plugin-x', 'GET', pattern)]).find('plugin-x', 'GET', path);
    expect(found?.params ?? null).toEqual(expected);
  });

  it('names a plugin by its full or short name, matches the method, and lets the first of two same routes win', () => {
    const first = route('@acme/notes', 'GET', '/n/:id');
    const table = tableOf([first, route('@acme/notes', 'GET', '/n/:other'), route('notes-two', 'POST', '/n')]);
    expect(table.find('@acme/notes', 'GET', '/n/1')?.route).toBe(first);
    expect(table.find('notes', 'GET', '/n/1')?.params).toEqual({ id: '1' });
    expect(table.find('acme', 'GET', '/n/1')).toBeNull();
    expect(table.find('notes', 'POST', '/n/1')).toBeNull();
    expect(table.find('notes-two', 'POST', '/n')).not.toBeNull();
  });

  it('serves routes registered after it was first used, and skips STATIC routes and bad patterns', () => {
    const routes = [route('p', 'STATIC', '/files'), route('p', 'GET', '/bad/:(')];
    const table = tableOf(routes);
    expect(table.find('p', 'GET', '/later')).toBeNull();
    routes.push(route('p', 'GET', '/later'));
    expect(table.find('p', 'GET', '/later')).not.toBeNull();
    expect(table.find('p', 'GET', '/files')).toBeNull();
  });
});
