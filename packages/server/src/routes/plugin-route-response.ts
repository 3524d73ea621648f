import type { RouteResponse } from '@kith/core';
import type { FastifyReply } from 'fastify';

/** The express-like response object plugin route handlers write to, over a Fastify reply. */
export class PluginRouteResponse implements RouteResponse {
  statusCode = 200;
  /** What write() was given, sent by end(). */
  private readonly chunks: Buffer[] = [];

  constructor(private readonly reply: FastifyReply) {}

  get headersSent(): boolean {
    return this.reply.sent;
  }

  status(code: number): RouteResponse {
    this.statusCode = code;
    return this;
  }

  json(data: unknown): RouteResponse {
    this.reply
      .code(this.statusCode)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data ?? null));
    return this;
  }

  send(data: unknown): RouteResponse {
    if (data !== null && typeof data === 'object' && !Buffer.isBuffer(data)) return this.json(data);
    this.reply
      .code(this.statusCode)
      .send(data === undefined || data === null ? '' : Buffer.isBuffer(data) ? data : String(data));
    return this;
  }

  end(chunk?: unknown): RouteResponse {
    if (chunk !== undefined && chunk !== null) this.write(chunk);
    this.reply.code(this.statusCode).send(this.chunks.length > 0 ? Buffer.concat(this.chunks) : undefined);
    return this;
  }

  /** Node's res.writeHead (elizaOS plugins' routes write raw Node responses). */
  writeHead(statusCode: number, headers: Record<string, string | string[] | number> = {}): RouteResponse {
    this.statusCode = statusCode;
    for (const [name, value] of Object.entries(headers))
      this.reply.header(name, typeof value === 'number' ? String(value) : value);
    return this;
  }

  /** Node's res.write: the chunks go out together when end() is called. */
  write(chunk: unknown): boolean {
    this.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk instanceof Uint8Array ? chunk : String(chunk)));
    return true;
  }

  setHeader(name: string, value: string | string[]): RouteResponse {
    this.reply.header(name, value);
    return this;
  }
}
