import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { errorBody } from './error-reply';
import { RequestValidationError } from '../errors';

/**
 * Answers requests Node's HTTP parser refuses (a malformed request line,
 * header or framing, oversized headers, a slow client) with the same
 * `{ error: { code, message } }` body as every other error, instead of
 * Fastify's own shape. Bound to the Fastify instance like its default.
 */
export function clientErrorHandler(
  this: { log: FastifyBaseLogger },
  error: NodeJS.ErrnoException,
  socket: Duplex,
): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status: number;
  let body: string;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = JSON.stringify(errorBody(new RequestValidationError('', 'the request was not received in time')));
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = JSON.stringify(
      errorBody(new RequestValidationError('headers', 'the request headers are larger than the server accepts')),
    );
  } else {
    status = 400;
    body = JSON.stringify(
      errorBody(new RequestValidationError('', `malformed HTTP request (${error.code ?? 'parse error'})`)),
    );
  }
  this.log.debug({ err: error, status }, 'refused a malformed HTTP request');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
