import type { z } from 'zod';
import { RequestValidationError } from '../errors';

/** A bad value at `path` inside `where` (body, query, params, frame), named as `body.attachments.0.url`. */
export function invalidInput(where: string, path: readonly PropertyKey[], message: string): RequestValidationError {
  return new RequestValidationError([where, ...path.map(String)].join('.'), message);
}

/** Parses a value that no Fastify schema covers (a WebSocket frame); the first problem becomes a RequestValidationError. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw invalidInput(where, issue?.path ?? [], issue?.message ?? 'invalid value');
}
