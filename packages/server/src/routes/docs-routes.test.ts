import { readFileSync } from 'node:fs';
import path from 'node:path';
import { http } from '../testing/http-client';
import { startTestServer } from '../testing/test-server';

const apiDoc = readFileSync(path.resolve(__dirname, '../../../../docs/api.md'), 'utf8');

/** `| \`GET\` | \`/api/agents/:agentId\` | ...` rows of docs/api.md as "GET /api/agents/{agentId}". */
function documentedRoutes(): string[] {
  return [...apiDoc.matchAll(/^\|\s*`([A-Z]+)`\s*\|\s*`([^`]+)`\s*\|/gm)].map(
    ([, method, route]) => `${method} ${route.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\/\*$/, '/{path}')}`,
  );
}

describe('GET /api/docs', () => {
  it('serves an OpenAPI 3.1 document whose every operation is in docs/api.md, and the reverse', async () => {
    const { server, url } = await startTestServer();
    try {
      const response = await http(url, '/api/docs');
      expect(response.status).toBe(200);
      expect(response.body.openapi).toBe('3.1.0');
      const operations = Object.entries(
        response.body.paths as Record<string, Record<string, { responses: object; operationId: string }>>,
      ).flatMap(([route, methods]) =>
        Object.entries(methods).map(([method, op]) => {
          expect(Object.keys(op.responses).length).toBeGreaterThan(0);
          return `${method.toUpperCase()} ${route}`;
        }),
      );
      expect(operations.length).toBeGreaterThanOrEqual(20);
      expect(operations.filter((op) => !documentedRoutes().includes(op))).toEqual([]);
      expect(documentedRoutes().filter((op) => !operations.includes(op))).toEqual([]);

      const post = response.body.paths['/api/agents/{agentId}/messages'].post;
      expect(post.requestBody.content['application/json'].schema.required).toEqual(['text']);
      // The admin key, or an end-user session (within its own rooms); x-access is the route's declared rule.
      expect(post.security).toEqual([{ ApiKeyAuth: [] }, { SessionAuth: [] }]);
      expect(post['x-access']).toBe('session');
      expect(response.body.paths['/api/agents/{agentId}/runs'].get.security).toEqual([{ ApiKeyAuth: [] }]);
      expect(response.body.paths['/api/health'].get.security).toEqual([]);
      expect(response.body.components.securitySchemes.ApiKeyAuth).toMatchObject({
        type: 'apiKey',
        in: 'header',
        name: 'X-API-KEY',
      });
      // The WebSocket protocol rides along as an extension; the plugin routes' wildcard is a {path} parameter.
      const ws = response.body.paths['/ws'].get;
      expect(ws).toMatchObject({ operationId: 'websocket', tags: ['websocket'], 'x-access': 'session' });
      expect(
        ws['x-client-frames'].oneOf.map(
          (frame: { properties: { type: { const: string } } }) => frame.properties.type.const,
        ),
      ).toEqual(['join', 'leave', 'send', 'ping']);
      const plugin = response.body.paths['/api/agents/{agentId}/plugins/{plugin}/{path}'].get;
      expect(
        plugin.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`),
      ).toEqual(['path:agentId', 'path:plugin', 'path:path']);
      expect(post.responses['404'].description).toBe('No such agent');
    } finally {
      await server.close();
    }
  });

  it("leaves routes added through configure to Fastify's JSON Schema validation, and documents them when tagged", async () => {
    const { server, url } = await startTestServer({
      configure: (app) => {
        app.post(
          '/api/custom',
          {
            schema: {
              tags: ['custom'],
              body: { type: 'object', required: ['n'], properties: { n: { type: 'number' } } },
            },
          },
          async (request) => ({ got: request.body }),
        );
      },
    });
    try {
      expect((await http(url, '/api/custom', { body: { n: 1 } })).body).toEqual({ got: { n: 1 } });
      const bad = await http(url, '/api/custom', { body: { n: 'one' } });
      expect([bad.status, bad.body.error.code]).toEqual([400, 'KITH_REQUEST_INVALID']);
      expect((await http(url, '/api/docs')).body.paths['/api/custom'].post.tags).toEqual(['custom']);
    } finally {
      await server.close();
    }
  });
});
