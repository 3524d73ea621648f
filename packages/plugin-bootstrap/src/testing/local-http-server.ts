import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RouteHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface LocalHttpServer {
  /** e.g. http://127.0.0.1:41234 (IPv6 hosts in brackets). */
  origin: string;
  port: number;
  /** Requests received, by path. */
  hits: Map<string, number>;
  /** Total requests received. */
  readonly requestCount: number;
  route(path: string, handler: RouteHandler): void;
  close(): Promise<void>;
}

/** A real HTTP server on a loopback address and a random port; unknown paths answer 404. */
export async function startLocalHttpServer(host = '127.0.0.1'): Promise<LocalHttpServer> {
  const routes = new Map<string, RouteHandler>();
  const hits = new Map<string, number>();
  let requestCount = 0;
  const server = http.createServer((request, response) => {
    requestCount++;
    const path = new URL(request.url ?? '/', 'http://local').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = routes.get(path);
    if (handler) handler(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `http://${shownHost}:${port}`,
    port,
    hits,
    get requestCount() {
      return requestCount;
    },
    route: (path, handler) => void routes.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
