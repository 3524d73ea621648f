import { z } from 'zod';
import { buildOpenApiDocument } from '../openapi/openapi-document';
import { websocketPath } from '../openapi/websocket-doc';
import type { ServerContext } from '../server-context';

const VERSION: string = (require('../../package.json') as { version: string }).version;

/** GET /api/docs: the OpenAPI 3.1 document of this API (built once, on first request). */
export function registerDocsRoutes({ router }: ServerContext): void {
  let document: Record<string, unknown> | undefined;
  router.route({
    method: 'GET',
    url: '/api/docs',
    operationId: 'openApi',
    summary: 'This API as an OpenAPI 3.1 document',
    tags: ['operations'],
    responses: { 200: { description: 'The OpenAPI document', schema: z.object({ openapi: z.string() }).loose() } },
    handler: async () => {
      document ??= buildOpenApiDocument(
        router.specs,
        { title: 'Kith server API', version: VERSION, description: 'REST and WebSocket API of @kith/server. Errors: { error: { code, message, path? } } (docs/errors.md).' },
        websocketPath(),
      );
      return document;
    },
  });
}
