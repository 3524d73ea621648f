import type { RouteResponse } from '@kith/core';
import type { FastifyReply } from 'fastify';

/** The express-like response object plugin route handlers write to, over a Fastify reply. */
export class PluginRouteResponse implements RouteResponse {
  private statusCode = 200;

  constructor(private readonly reply: FastifyReply) {}

  get headersSent(): boolean {
    return this.reply.sent;
  }

  status(code: number): RouteResponse {
    this.statusCode = code;
    return this;
  }

  json(data: unknown): RouteResponse {
    this.reply.code(this.statusCode).type('application/json; charset=utf-8').send(JSON.stringify(data ?? null));
    return this;
  }

  send(data: unknown): RouteResponse {
    if (data !== null && typeof data === 'object' && !Buffer.isBuffer(data)) return this.json(data);
    this.reply.code(this.statusCode).send(data === undefined || data === null ? '' : Buffer.isBuffer(data) ? data : String(data));
    return this;
  }

  end(): RouteResponse {
    this.reply.code(this.statusCode).send();
    return this;
  }

  setHeader(name: string, value: string | string[]): RouteResponse {
    this.reply.header(name, value);
    return this;
  }
}
