import { z } from 'zod';
import type { RouteSpec } from '../http/api-router';

type JsonSchema = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

/** Extra operations that are not ApiRouter routes (the WebSocket endpoint). */
export type ExtraPaths = Record<string, Record<string, unknown>>;

function toSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** `/api/agents/:agentId/plugins/:plugin/*` → `/api/agents/{agentId}/plugins/{plugin}/{path}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}');
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name: name === '*' ? 'path' : name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function operation(spec: RouteSpec): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(spec.responses)) {
    responses[status] = {
      description: response.description,
      ...(response.schema ? { content: { 'application/json': { schema: toSchema(response.schema) } } } : {}),
    };
  }
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    parameters: [...parameters(spec.params, 'path'), ...parameters(spec.query, 'query')],
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(spec.body) } } } } : {}),
    responses,
    security: spec.public ? [] : [{ ApiKeyAuth: [] }],
  };
}

/** The OpenAPI 3.1 document of the routes (their zod schemas as JSON Schema). */
export function buildOpenApiDocument(specs: readonly RouteSpec[], info: OpenApiInfo, extraPaths: ExtraPaths = {}): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of specs) {
    const path = openApiPath(spec.url);
    paths[path] = { ...(paths[path] ?? {}), [spec.method.toLowerCase()]: operation(spec) };
  }
  return {
    openapi: '3.1.0',
    info,
    paths: { ...paths, ...extraPaths },
    components: {
      securitySchemes: {
        ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-KEY', description: 'Required on every route but /api/health when the server has KITH_SERVER_AUTH_TOKEN set' },
      },
    },
  };
}
