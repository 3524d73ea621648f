import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TimeoutError } from '../../../errors/timeout-error';
import { pingServer, waitForServerReady } from './server-health';

let server: Server | undefined;

afterEach(async () => {
  const open = server;
  server = undefined;
  if (open) await new Promise<void>((resolve) => open.close(() => resolve()));
});

/** A server on 127.0.0.1: `/api/agents` answers 200 once `readyAfter` requests have been refused with 503; `/slow` never answers. */
async function listen(readyAfter = 0): Promise<number> {
  let seen = 0;
  server = createServer((request, response) => {
    if (request.url === '/slow') return;
    if (request.url !== '/api/agents') return void response.writeHead(404).end();
    seen++;
    response.writeHead(seen > readyAfter ? 200 : 503).end('{}');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', () => resolve()));
  return (server?.address() as AddressInfo).port;
}

/** A port with nothing listening: one that was just free. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('server health (elizaOS 1.7)', () => {
  it('pings: true for 2xx, false for errors, refusals and timeouts', async () => {
    const port = await listen();
    expect(await pingServer({ port, host: '127.0.0.1' })).toBe(true);
    expect(await pingServer({ port, host: '127.0.0.1', endpoint: '/missing' })).toBe(false);
    expect(await pingServer({ port, host: '127.0.0.1', endpoint: '/slow', requestTimeout: 100 })).toBe(false);
    expect(await pingServer({ port: await closedPort(), host: '127.0.0.1' })).toBe(false);
  });

  it('waits until the endpoint answers 2xx', async () => {
    const port = await listen(2);
    const started = Date.now();
    await waitForServerReady({ port, host: '127.0.0.1', pollInterval: 20, maxWaitTime: 5000 });
    // Two refused polls, then the one-second settle elizaOS adds.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('gives up with a TimeoutError naming the URL', async () => {
    const port = await closedPort();
    const waiting = waitForServerReady({ port, host: '127.0.0.1', pollInterval: 20, maxWaitTime: 200 });
    const error = await waiting.catch((reason: unknown) => reason);
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(`http://127.0.0.1:${port}/api/agents`);
  });
});
