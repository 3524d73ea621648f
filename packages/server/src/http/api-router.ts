import { RequestValidationError } from '@kith/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
}

export interface RouteContext<P extends Schema, Q extends Schema, B extends Schema> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** One REST route: its zod-validated inputs, its documentation and its handler. */
export interface RouteSpec<P extends Schema = Schema, Q extends Schema = Schema, B extends Schema = Schema> {
  method: HttpMethod;
  /** Fastify path syntax: `/api/agents/:agentId`. */
  url: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  params?: P;
  query?: Q;
  body?: B;
  responses: Record<number, ResponseSpec>;
  /** Served without an API key (only health). */
  public?: boolean;
  handler(context: RouteContext<P, Q, B>): Promise<unknown>;
}

/** Route options that the auth hook reads. */
export interface RouteConfig {
  public?: boolean;
}

/** Parses one part of a request; the first problem becomes a RequestValidationError naming its path. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [where, ...(issue?.path ?? []).map(String)].join('.');
  throw new RequestValidationError(path, issue?.message ?? 'invalid value');
}

/**
 * Registers REST routes on Fastify with zod validation of params, query and
 * body, and keeps their specs for the OpenAPI document.
 */
export class ApiRouter {
  readonly specs: RouteSpec[] = [];

  constructor(private readonly app: FastifyInstance) {}

  route<P extends Schema, Q extends Schema, B extends Schema>(spec: RouteSpec<P, Q, B>): void {
    this.specs.push(spec as unknown as RouteSpec);
    const config: RouteConfig = { public: spec.public ?? false };
    this.app.route({
      method: spec.method,
      url: spec.url,
      config,
      handler: async (request, reply) => {
        const params = (spec.params ? parseInput(spec.params, request.params, 'params') : undefined) as Out<P>;
        const query = (spec.query ? parseInput(spec.query, request.query ?? {}, 'query') : undefined) as Out<Q>;
        const body = (spec.body ? parseInput(spec.body, request.body, 'body') : undefined) as Out<B>;
        return spec.handler({ params, query, body, request, reply });
      },
    });
  }
}
