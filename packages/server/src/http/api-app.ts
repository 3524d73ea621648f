import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaValidationError,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServerContext } from '../server-context';
import { invalidInput } from './parse-input';

declare module 'fastify' {
  interface FastifySchema {
    /** OpenAPI extensions, copied into the route's operation (`x-client-frames` of the WebSocket). */
    [extension: `x-${string}`]: unknown;
  }
}

/** Fastify whose route schemas are zod schemas: handlers get their parsed params, query and body, typed. */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A module of REST routes: each declared once with its zod schemas (params, querystring, body, response). */
export type ApiRoutes = (app: ApiApp, context: ServerContext) => void;

const WHERE: Record<string, string> = { querystring: 'query' };

/** The first problem Fastify's validation found, as the RequestValidationError (400) naming it: `body.text`, `query.limit`. */
function validationError(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const first = errors[0];
  const path = (first?.instancePath ?? '').split('/').filter(Boolean);
  return invalidInput(WHERE[dataVar] ?? dataVar, path, first?.message ?? 'invalid value');
}

/** Zod validates every route's params, querystring and body and serialises its responses. */
export function useZodSchemas(app: FastifyInstance): ApiApp {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setSchemaErrorFormatter(validationError);
  return app.withTypeProvider<ZodTypeProvider>();
}
