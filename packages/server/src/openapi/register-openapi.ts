import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../auth/route-access';

const VERSION: string = (require('../../package.json') as { version: string }).version;

/** Who may call an operation, from its route's declared access (route-access.ts); `x-access` names it. */
const SECURITY: Record<RouteAccess, Record<string, string[]>[]> = {
  admin: [{ ApiKeyAuth: [] }],
  session: [{ ApiKeyAuth: [] }, { SessionAuth: [] }],
  public: [],
  // The plugin decides per route (`public`); the admin key always works.
  plugin: [{ ApiKeyAuth: [] }, {}],
};

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
 * responses as sent), who may call it (`security`, and `x-access`: the
 * route's declared access, absent when it declares none), and the plugin
 * routes' trailing wildcard named `{path}` (OpenAPI has no wildcard segment).
 */
const documentRoute: SwaggerTransform = (document) => {
  const { schema, url } = hasZodSchemas(document.schema) ? jsonSchemaTransform(document) : document;
  if (schema.hide) return { schema, url };
  const access = document.route.config?.access;
  const security = SECURITY[access ?? 'admin'];
  const declared = access ? { 'x-access': access } : {};
  if (!url.endsWith('/*')) return { schema: { ...schema, security, ...declared }, url };
  const params = schema.params as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  const { '*': wildcard, ...named } = params?.properties ?? {};
  const renamed = {
    ...params,
    properties: { ...named, path: wildcard ?? { type: 'string' } },
    required: (params?.required ?? []).map((name) => (name === '*' ? 'path' : name)),
  };
  return { schema: { ...schema, security, ...declared, params: renamed }, url: `${url.slice(0, -1)}:path` };
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
            description: 'The admin key (KITH_SERVER_AUTH_TOKEN): every route, when the server has one set',
          },
          SessionAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              "An end-user session (POST /api/sessions): only the routes whose x-access is session, within the session's own rooms and channels",
          },
        },
      },
    },
    // Static files (the web chat) and Fastify's own routes carry no tags and stay out.
    hideUntagged: true,
    transform: documentRoute,
  });
}
