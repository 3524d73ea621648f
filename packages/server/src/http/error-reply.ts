import { ErrorCode, KithError } from '@kith/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  InternalServerError,
  PayloadTooLargeError,
  RequestValidationError,
  ResourceNotFoundError,
  ServerErrorCode,
} from '../errors';

/** The body of every error answer: `{ error: { code, message, path? } }`. */
export interface ErrorBody {
  error: { code: string; message: string; path?: string };
}

const STATUS_BY_CODE: Record<string, number> = {
  [ServerErrorCode.REQUEST_INVALID]: 400,
  [ServerErrorCode.UNAUTHORIZED]: 401,
  [ServerErrorCode.SESSION_INVALID]: 401,
  [ServerErrorCode.SESSION_EXPIRED]: 401,
  [ServerErrorCode.FORBIDDEN]: 403,
  [ErrorCode.AGENT_NOT_FOUND]: 404,
  [ServerErrorCode.RESOURCE_NOT_FOUND]: 404,
  [ErrorCode.AGENT_NOT_RUNNING]: 409,
  [ServerErrorCode.AGENT_ALREADY_REGISTERED]: 409,
  [ServerErrorCode.AGENT_NOT_EDITABLE]: 409,
  [ServerErrorCode.AGENT_VERSION_CONFLICT]: 409,
  [ServerErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ServerErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.TIMEOUT]: 504,
};

export function errorBody(error: KithError): ErrorBody {
  const path = (error as KithError & { path?: unknown }).path;
  return { error: { code: error.code, message: error.message, ...(typeof path === 'string' && path ? { path } : {}) } };
}

/**
 * The HTTP status of a KithError: 503 for a retryable failure of something
 * the server depends on (its database restarting), which a client may send
 * again; 500 for other codes that are not about the request.
 */
export function statusOf(error: KithError): number {
  return STATUS_BY_CODE[error.code] ?? (error.retryable ? 503 : 500);
}

/** Fastify's own client errors (bad JSON, content type, body size) as KithErrors, keeping their 4xx status. */
function fromFastifyClientError(
  error: { code?: string; message: string; statusCode: number },
  bodyLimit: number,
): { error: KithError; status: number } {
  if (error.statusCode === 413) return { error: new PayloadTooLargeError(bodyLimit), status: 413 };
  if (error.statusCode === 415)
    return { error: new RequestValidationError('headers.content-type', error.message), status: 415 };
  const where = error.code?.startsWith('FST_ERR_CTP') ? 'body' : '';
  return { error: new RequestValidationError(where, error.message), status: error.statusCode };
}

function clientStatus(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** Installs the error and not-found handlers: every failure answers with an ErrorBody. */
export function installErrorHandlers(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((caught: unknown, request: FastifyRequest, reply: FastifyReply) => {
    let error: KithError;
    let status: number;
    if (KithError.isInstance(caught)) {
      error = caught;
      status = statusOf(caught);
    } else if (clientStatus(caught) !== undefined) {
      ({ error, status } = fromFastifyClientError(
        caught as { code?: string; message: string; statusCode: number },
        bodyLimit,
      ));
    } else {
      error = new InternalServerError(request.id, { cause: caught });
      status = 500;
    }
    // A dependency that is away (503) fails every request alike until it is back: one line each, not a stack each.
    if (status === 503)
      request.log.warn(
        { code: error.code, url: request.routeOptions.url, method: request.method },
        `Request refused: ${error.message}`,
      );
    else if (status >= 500)
      request.log.error(
        { err: caught, url: request.routeOptions.url, method: request.method },
        `Request failed: ${error.message}`,
      );
    else request.log.debug({ code: error.code, status }, error.message);
    if (status === 503) void reply.header('retry-after', '1');
    return reply.code(status).send(errorBody(error));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const error = new ResourceNotFoundError('route', `${request.method} ${path}`, 'GET /api/docs lists the routes');
    return reply.code(404).send(errorBody(error));
  });
}

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any
 * route or hook runs (a URL that does not percent-decode, a path parameter
 * over maxParamLength) answered with an ErrorBody rather than Fastify's shape.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  let status = 500;
  let kith: KithError = new InternalServerError(request.id, { cause: error });
  if (error.code === 'FST_ERR_BAD_URL') {
    status = 400;
    kith = new RequestValidationError('url', 'is not a valid URL: fix its percent-encoding');
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    status = 414;
    kith = new RequestValidationError('params', 'a path parameter is longer than the server accepts');
  }
  if (status >= 500) request.log.error({ err: error }, `Request failed: ${error.message}`);
  void reply.code(status).send(errorBody(kith));
}
