import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One chat request as the fake server saw it. */
export interface FakeChatRequest {
  model: string;
  messages: { role: string; content: unknown }[];
  body: Record<string, unknown>;
  /** The text of the last user message (text parts joined for vision input). */
  lastUserText: string;
  /** `image_url` parts of the last user message. */
  imageUrls: string[];
  /** The request's `prompt_cache_key`, when it sent one. */
  promptCacheKey?: string;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. `/v1/chat/completions`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

/** A scripted behaviour for the next matching request; each fault is used once, in order. */
export type FakeFault =
  /** Answer with this status (and headers, e.g. `retry-after`) and an OpenAI-style error body. */
  | { type: 'status'; status: number; headers?: Record<string, string>; message?: string; code?: string }
  /** 200 with a JSON body cut in the middle. */
  | { type: 'malformed-json' }
  /** Wait before answering normally (a slow server). */
  | { type: 'delay'; ms: number }
  /** Stream `afterChunks` content chunks, then drop the connection. */
  | { type: 'cut-stream'; afterChunks: number }
  /** Use this text as the reply. */
  | { type: 'reply'; text: string };

export interface FakeOpenAIServerOptions {
  /** When set, requests must carry `Authorization: Bearer <apiKey>`, else 401. */
  apiKey?: string;
  /** The chat reply; default: a JSON answer for vision or JSON mode, else a fixed greeting. */
  reply?: (request: FakeChatRequest) => string;
  /** Characters per streamed content chunk (default 6). */
  streamChunkSize?: number;
  /** Embedding size when a request does not ask for `dimensions` (default 1536). */
  embeddingDimensions?: number;
}

export interface FakeOpenAIServer {
  /** Base URL to use as OPENAI_BASE_URL, e.g. `http://127.0.0.1:53121/v1`. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests whose path ends with `suffix`, e.g. `/chat/completions`. */
  requestsTo(suffix: string): RecordedRequest[];
  /** Scripts the next request whose path ends with `pathSuffix` (any path when omitted). */
  enqueue(fault: FakeFault, pathSuffix?: string): void;
  close(): Promise<void>;
}

export const DEFAULT_FAKE_REPLY = 'Hello from the fake OpenAI server.';

/** Whitespace-separated words: a stand-in token count that tests can predict. */
export function fakeTokenCount(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/**
 * The fake prompt cache: the whole words this prompt shares, as an identical
 * prefix, with the previous prompt of the same model and `prompt_cache_key`
 * (a word cut by the first difference does not count).
 */
export function fakeCachedTokens(previous: string | undefined, prompt: string): number {
  if (previous === undefined) return 0;
  let same = 0;
  const limit = Math.min(previous.length, prompt.length);
  while (same < limit && previous.charCodeAt(same) === prompt.charCodeAt(same)) same++;
  let prefix = prompt.slice(0, same);
  if (same < prompt.length && !/\s/.test(prompt[same]) && !/\s$/.test(prefix)) prefix = prefix.replace(/\S+$/, '');
  return fakeTokenCount(prefix);
}

/** A deterministic unit vector for `text` (FNV-1a seeded sine values). */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  const vector = Array.from({ length: dimensions }, (_, i) => Math.sin(hash + i * 0.7));
  const norm = Math.hypot(...vector.slice(0, Math.min(dimensions, 4096))) || 1;
  return vector.map((value) => value / norm);
}

function textOf(content: unknown): { text: string; images: string[] } {
  if (typeof content === 'string') return { text: content, images: [] };
  if (!Array.isArray(content)) return { text: '', images: [] };
  const parts = content as { type?: string; text?: string; image_url?: { url?: string } | string }[];
  return {
    text: parts
      .filter((p) => p.type === 'text')
      .map((p) => p.text ?? '')
      .join('\n'),
    images: parts
      .filter((p) => p.type === 'image_url')
      .map((p) => (typeof p.image_url === 'string' ? p.image_url : (p.image_url?.url ?? ''))),
  };
}

function defaultReply(request: FakeChatRequest): string {
  if (request.imageUrls.length > 0) {
    return JSON.stringify({
      title: 'A fake picture',
      description: `A detailed fake description of ${request.imageUrls[0]}.`,
    });
  }
  const format = request.body.response_format as { type?: string } | undefined;
  if (format?.type === 'json_object')
    return JSON.stringify({ answer: 'fake', echo: request.lastUserText.slice(0, 40) });
  return DEFAULT_FAKE_REPLY;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function errorBody(message: string, code: string | null, type = 'invalid_request_error') {
  return { error: { message, type, param: null, code } };
}

/**
 * A real HTTP server on 127.0.0.1 (random port) that speaks the parts of the
 * OpenAI wire format Kith uses: chat completions (JSON and SSE streaming,
 * usage with `prompt_tokens_details.cached_tokens` from a fake prompt cache
 * keyed by model and `prompt_cache_key`, vision input, JSON mode),
 * embeddings and image generation, plus
 * scripted faults (status codes with Retry-After, malformed JSON, slow
 * answers, streams cut mid-way). For tests in any package.
 */
export async function startFakeOpenAIServer(options: FakeOpenAIServerOptions = {}): Promise<FakeOpenAIServer> {
  const requests: RecordedRequest[] = [];
  const faults: { fault: FakeFault; pathSuffix?: string }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  const chunkSize = Math.max(1, options.streamChunkSize ?? 6);
  let completionCount = 0;
  /** The last prompt per model and prompt_cache_key, for `cached_tokens`. */
  const cachedPrompts = new Map<string, string>();

  const takeFault = (path: string): FakeFault | undefined => {
    const index = faults.findIndex((entry) => !entry.pathSuffix || path.endsWith(entry.pathSuffix));
    return index === -1 ? undefined : faults.splice(index, 1)[0].fault;
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const chat = (res: ServerResponse, body: Record<string, unknown>, fault: FakeFault | undefined): void => {
    const messages = Array.isArray(body.messages) ? (body.messages as FakeChatRequest['messages']) : [];
    const lastUser = [...messages].reverse().find((m) => m.role === 'user');
    const { text: lastUserText, images } = textOf(lastUser?.content);
    const promptCacheKey = typeof body.prompt_cache_key === 'string' ? body.prompt_cache_key : undefined;
    const request: FakeChatRequest = {
      model: String(body.model ?? ''),
      messages,
      body,
      lastUserText,
      imageUrls: images,
      ...(promptCacheKey ? { promptCacheKey } : {}),
    };
    const reply = fault?.type === 'reply' ? fault.text : (options.reply ?? defaultReply)(request);
    const promptText = messages.map((m) => textOf(m.content).text).join('\n');
    const promptTokens = fakeTokenCount(promptText);
    const cacheSlot = `${request.model}\u0000${promptCacheKey ?? ''}`;
    const cachedTokens = fakeCachedTokens(cachedPrompts.get(cacheSlot), promptText);
    cachedPrompts.set(cacheSlot, promptText);
    const completionTokens = fakeTokenCount(reply);
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: cachedTokens },
    };
    const id = `chatcmpl-fake-${++completionCount}`;
    const created = Math.floor(Date.now() / 1000);

    if (body.stream !== true) {
      sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply, refusal: null }, finish_reason: 'stop' }],
        usage,
      });
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const event = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices, ...extra })}\n\n`;
    const pieces: string[] = [];
    for (let i = 0; i < reply.length; i += chunkSize) pieces.push(reply.slice(i, i + chunkSize));
    if (fault?.type === 'cut-stream') {
      const sent = pieces
        .slice(0, fault.afterChunks)
        .map((piece) => event([{ index: 0, delta: { content: piece }, finish_reason: null }]));
      res.write(
        `${event([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }])}${sent.join('')}`,
        () => {
          res.socket?.destroy();
        },
      );
      return;
    }
    res.write(event([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
    for (const piece of pieces) {
      // Split each event across two writes so clients must buffer partial lines.
      const text = event([{ index: 0, delta: { content: piece }, finish_reason: null }]);
      const half = Math.floor(text.length / 2);
      res.write(text.slice(0, half));
      res.write(text.slice(half));
    }
    res.write(event([{ index: 0, delta: {}, finish_reason: 'stop' }]));
    const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
    if (streamOptions?.include_usage) res.write(event([], { usage }));
    res.end('data: [DONE]\n\n');
  };

  const embeddings = (res: ServerResponse, body: Record<string, unknown>): void => {
    const input = body.input;
    const texts = Array.isArray(input) ? input.map(String) : [String(input ?? '')];
    if (texts.some((text) => text.length === 0)) {
      sendJson(res, 400, errorBody("'$.input' is invalid: empty strings are not allowed", null));
      return;
    }
    const dimensions = typeof body.dimensions === 'number' ? body.dimensions : (options.embeddingDimensions ?? 1536);
    const tokens = texts.reduce((sum, text) => sum + fakeTokenCount(text), 0);
    sendJson(res, 200, {
      object: 'list',
      data: texts.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text, dimensions) })),
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  };

  const images = (res: ServerResponse, body: Record<string, unknown>, origin: string): void => {
    const count = typeof body.n === 'number' ? body.n : 1;
    const base64 = body.model === 'gpt-image-1' || body.response_format === 'b64_json';
    const data = Array.from({ length: count }, (_, i) =>
      base64
        ? { b64_json: Buffer.from(`fake image ${i}`).toString('base64') }
        : { url: `${origin}/files/fake-image-${i}.png` },
    );
    const tokens = fakeTokenCount(String(body.prompt ?? ''));
    sendJson(res, 200, {
      created: Math.floor(Date.now() / 1000),
      data,
      ...(base64 ? { usage: { input_tokens: tokens, output_tokens: 100, total_tokens: tokens + 100 } } : {}),
    });
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0];
      const body = req.method === 'POST' ? await readBody(req) : null;
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });

      if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        const shown = (req.headers.authorization ?? '').replace(/^Bearer\s+/, '').slice(0, 6);
        sendJson(res, 401, errorBody(`Incorrect API key provided: ${shown || '(none)'}***.`, 'invalid_api_key'));
        return;
      }

      let fault = takeFault(path);
      if (fault?.type === 'delay') {
        await wait(fault.ms);
        if (res.destroyed || req.destroyed) return;
        fault = undefined;
      }
      if (fault?.type === 'status') {
        sendJson(
          res,
          fault.status,
          errorBody(
            fault.message ?? `fake ${fault.status}`,
            fault.code ?? null,
            fault.status >= 500 ? 'server_error' : 'invalid_request_error',
          ),
          fault.headers,
        );
        return;
      }
      if (fault?.type === 'malformed-json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id": "chatcmpl-broken", "choices": [{"index": 0, "message": {"role": "assist');
        return;
      }
      if (req.method !== 'POST' || !body) {
        sendJson(
          res,
          req.method === 'POST' ? 400 : 404,
          errorBody(
            req.method === 'POST' ? 'We could not parse the JSON body of your request.' : `Unknown path ${path}`,
            null,
          ),
        );
        return;
      }
      const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
      if (path.endsWith('/chat/completions')) chat(res, body, fault);
      else if (path.endsWith('/embeddings')) embeddings(res, body);
      else if (path.endsWith('/images/generations')) images(res, body, origin);
      else sendJson(res, 404, errorBody(`Unknown path ${path}`, 'unknown_url'));
    })().catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, errorBody(`fake server failure: ${String(error)}`, null, 'server_error'));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    requestsTo: (suffix) => requests.filter((r) => r.path.endsWith(suffix)),
    enqueue: (fault, pathSuffix) => void faults.push({ fault, pathSuffix }),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
