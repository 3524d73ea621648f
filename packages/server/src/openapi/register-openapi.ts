import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const VERSION: string = (require('../../package.json') as { version: string }).version;

/** Every operation needs the key but those whose route is marked public (health). */
const API_KEY = [{ ApiKeyAuth: [] }];

const isZod = (value: unknown): boolean => typeof value === 'object' && value !== null && '_zod' in value;

/** Whether the route's schemas are zod's (ours) rather than JSON Schema (routes added through `configure`). */
function hasZodSchemas(schema: FastifySchema | undefined): boolean {
  if (!schema) return false;
  const parts = [
    schema.params,
    schema.querystring,
    schema.body,
    schema.headers,
    ...Object.values((schema.response ?? {}) as Record<string, unknown>),
  ];
  return parts.some(isZod);
}

/**
 * One route's operation: its zod schemas as JSON Schema (inputs as accepted,
 * responses as sent), the API key unless the route is public, and the plugin
 * routes' trailing wildcard named `{path}` (OpenAPI has no wildcard segment).
 */
const documentRoute: SwaggerTransform = (document) => {
  const { schema, url } = hasZodSchemas(document.schema) ? jsonSchemaTransform(document) : document;
  if (schema.hide) return { schema, url };
  const security = document.route.config?.public ? [] : API_KEY;
  if (!url.endsWith('/*')) return { schema: { ...schema, security }, url };
  const params = schema.params as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  const { '*': wildcard, ...named } = params?.properties ?? {};
  const renamed = {
    ...params,
    properties: { ...named, path: wildcard ?? { type: 'string' } },
    required: (params?.required ?? []).map((name) => (name === '*' ? 'path' : name)),
  };
  return { schema: { ...schema, security, params: renamed }, url: `${url.slice(0, -1)}:path` };
};

/**
 * @fastify/swagger, collecting the routes registered after it (so before
 * them): the OpenAPI 3.1 document of every tagged route, served by GET /api/docs.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kith server API',
        version: VERSION,
        description:
          'REST and WebSocket API of @kith/server. Errors: { error: { code, message, path? } } (docs/errors.md).',
      },
      components: {
        securitySchemes: {
          ApiKeyAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-KEY',
            description: 'Required on every route but /api/health when the server has KITH_SERVER_AUTH_TOKEN set',
          },
        },
      },
    },
    // Static files (the web chat) and Fastify's own routes carry no tags and stay out.
    hideUntagged: true,
    transform: documentRoute,
  });
}
