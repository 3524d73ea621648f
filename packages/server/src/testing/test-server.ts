import { createServer, type KithServer } from '../create-server';
import type { KithServerOptions } from '../server-options';
import { silentLogger } from './test-agent';

export interface RunningTestServer {
  server: KithServer;
  url: string;
}

/** A server on 127.0.0.1 with a free port; silent, no rate limit and no environment unless asked. */
export async function startTestServer(options: KithServerOptions = {}): Promise<RunningTestServer> {
  const server = await createServer({ logger: silentLogger(), rateLimit: false, env: {}, ...options });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, url };
}
