import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KithError } from '@kith/core';
import { RemoteChatSession } from './remote-chat-session';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 playing the part of `kith start`. */
async function serve(handler: Handler): Promise<{
  url: string;
  requests: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[];
  close: () => Promise<void>;
}> {
  const requests: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method, url: req.url, headers: req.headers, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, requests, close: () => new Promise((done) => server.close(() => done())) };
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const AGENTS = {
  agents: [
    { id: 'a1', name: 'Eliza', status: 'running' },
    { id: 'b2', name: 'Bob', status: 'running' },
  ],
};

describe('RemoteChatSession', () => {
  it('posts to the chosen agent with the token, and keeps only replies that are not IGNORE', async () => {
    const server = await serve((req, _body, res) => {
      if (req.url === '/api/agents') return send(res, 200, AGENTS);
      send(res, 200, {
        mode: 'actions',
        replies: [
          { content: { text: 'Hello.', actions: ['REPLY'], thought: 'greet' } },
          { content: { text: '', actions: ['NONE'] } },
          { content: { text: 'x', actions: ['IGNORE'] } },
        ],
      });
    });
    try {
      const session = await RemoteChatSession.connect({
        url: server.url,
        agent: 'BOB',
        userName: 'ada',
        apiKey: 'secret',
      });
      expect([session.agentId, session.agentName, session.note]).toEqual(['b2', 'Bob', null]);
      expect(await session.send('hi')).toEqual([{ text: 'Hello.', actions: ['REPLY'], thought: 'greet' }]);
      const post = server.requests[1];
      expect(post).toMatchObject({ method: 'POST', url: '/api/agents/b2/messages' });
      expect(post.headers['x-api-key']).toBe('secret');
      expect(JSON.parse(post.body)).toEqual({ text: 'hi', userName: 'ada', source: 'cli' });

      const first = await RemoteChatSession.connect({ url: server.url, userName: 'ada' });
      expect(first.agentName).toBe('Eliza');
      expect(first.note).toContain('2 agents on');
    } finally {
      await server.close();
    }
  });

  it("turns the server's errors into KithErrors with its code, and a failed turn into a ChatTurnError", async () => {
    const server = await serve((req, _body, res) => {
      if (req.headers['x-api-key'] !== 'right')
        return send(res, 401, { error: { code: 'KITH_UNAUTHORIZED', message: 'Missing or wrong X-API-KEY' } });
      if (req.url === '/api/agents') return send(res, 200, AGENTS);
      send(res, 200, { mode: 'error', error: 'the model is down', replies: [] });
    });
    try {
      const refused = await RemoteChatSession.connect({ url: server.url, apiKey: 'wrong' }).catch((e: unknown) => e);
      expect(KithError.hasCode(refused, 'KITH_UNAUTHORIZED')).toBe(true);
      expect((refused as Error).message).toContain(
        'HTTP 401: Missing or wrong X-API-KEY. Set KITH_SERVER_AUTH_TOKEN (or --api-key)',
      );

      const session = await RemoteChatSession.connect({ url: server.url, apiKey: 'right' });
      const failed = await session.send('hi').catch((e: unknown) => e);
      expect(KithError.hasCode(failed, 'KITH_CHAT_TURN_FAILED')).toBe(true);
      expect((failed as Error).message).toContain('the model is down');

      const missing = await RemoteChatSession.connect({ url: server.url, apiKey: 'right', agent: 'zed' }).catch(
        (e: unknown) => e,
      );
      expect((missing as Error).message).toContain('No agent "zed"');
    } finally {
      await server.close();
    }
  });

  it('says when the URL is not a Kith server', async () => {
    const server = await serve((_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    });
    try {
      await expect(RemoteChatSession.connect({ url: server.url })).rejects.toThrow(
        /answered HTTP 200 without JSON; is http:\/\/127\.0\.0\.1:\d+ a Kith server\?/,
      );
    } finally {
      await server.close();
    }
  });
});
