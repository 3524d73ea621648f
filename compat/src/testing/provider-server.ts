import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { scriptedEmbedding, scriptedReply } from './scripted-brain';

/** One request a provider wire received. */
export interface WireRequest {
  wire: 'openai' | 'anthropic' | 'ollama' | 'openrouter' | 'gemini' | 'groq' | 'elizacloud';
  method: string;
  path: string;
  body: Record<string, unknown>;
  /** What kind of call it was: chat, responses, messages, embeddings, models, show, ... */
  kind: string;
}

export interface ProviderServer {
  url: string;
  requests: WireRequest[];
  close(): Promise<void>;
}

const EMBEDDING_DIMENSIONS = 384;
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

function sse(res: ServerResponse, events: { event?: string; data: unknown }[], done = false): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const { event, data } of events)
    res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  if (done) res.write('data: [DONE]\n\n');
  res.end();
}

const usage = { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 };
const now = () => Math.floor(Date.now() / 1000);

/**
 * OpenAI's wire (also OpenRouter's, Groq's and elizaOS Cloud's): chat completions, responses,
 * embeddings, models; elizaOS Cloud's `generate-image` too.
 */
function openAiWire(
  wire: WireRequest['wire'],
  kind: string,
  body: Record<string, unknown>,
  raw: string,
  res: ServerResponse,
): void {
  const model = String(body.model ?? 'fake-model');
  if (kind === 'models')
    return send(res, 200, {
      object: 'list',
      data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'kith' }],
    });
  if (kind === 'embeddings') {
    const inputs = Array.isArray(body.input) ? body.input.map(String) : [String(body.input ?? '')];
    const dims = typeof body.dimensions === 'number' ? body.dimensions : EMBEDDING_DIMENSIONS;
    return send(res, 200, {
      object: 'list',
      model,
      data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: scriptedEmbedding(text, dims) })),
      usage,
    });
  }
  if (kind === 'generations')
    return send(res, 200, {
      created: now(),
      data: [{ url: `https://images.invalid/${wire}.png`, revised_prompt: String(body.prompt ?? '') }],
    });
  if (kind === 'generate-image')
    return send(res, 200, { images: [{ url: `https://images.invalid/${wire}.png` }], numImages: 1 });
  if (kind === 'transcriptions') return send(res, 200, { text: `Transcribed over the ${wire} wire.` });
  if (kind === 'speech') {
    res.writeHead(200, { 'content-type': 'audio/mpeg' });
    return void res.end(Buffer.from('ID3fake-mp3-bytes'));
  }
  if (kind === 'responses') {
    const format = (body.text as { format?: { type?: string } } | undefined)?.format?.type;
    const text = scriptedReply(wire, raw, format === 'json_schema' || format === 'json_object');
    const message = {
      type: 'message',
      id: 'msg_1',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text, annotations: [] }],
    };
    const response = {
      id: 'resp_1',
      object: 'response',
      created_at: now(),
      status: 'completed',
      model,
      output: [message],
      incomplete_details: null,
      usage: {
        input_tokens: 12,
        output_tokens: 7,
        total_tokens: 19,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens_details: { reasoning_tokens: 0 },
      },
    };
    if (!body.stream) return send(res, 200, response);
    return sse(res, [
      {
        event: 'response.created',
        data: { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } },
      },
      {
        event: 'response.output_item.added',
        data: { type: 'response.output_item.added', output_index: 0, item: { ...message, content: [] } },
      },
      {
        event: 'response.output_text.delta',
        data: { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: text },
      },
      {
        event: 'response.output_item.done',
        data: { type: 'response.output_item.done', output_index: 0, item: message },
      },
      { event: 'response.completed', data: { type: 'response.completed', response } },
    ]);
  }
  // chat completions
  const wantsJson = Boolean(body.response_format) || Boolean(body.tools);
  const text = scriptedReply(wire, raw, wantsJson && Boolean(body.response_format));
  if (!body.stream) {
    return send(res, 200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: now(),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage,
    });
  }
  return sse(
    res,
    [
      {
        data: {
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          created: now(),
          model,
          choices: [{ index: 0, delta: { role: 'assistant', content: text }, finish_reason: null }],
        },
      },
      {
        data: {
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          created: now(),
          model,
          choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
          usage,
        },
      },
    ],
    true,
  );
}

function anthropicWire(body: Record<string, unknown>, raw: string, res: ServerResponse): void {
  const text = scriptedReply('anthropic', raw, false);
  const message = {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: String(body.model ?? 'claude-fake'),
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 7 },
  };
  if (!body.stream) return send(res, 200, message);
  return sse(res, [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: { ...message, content: [], usage: { input_tokens: 12, output_tokens: 0 } },
      },
    },
    {
      event: 'content_block_start',
      data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    },
    {
      event: 'content_block_delta',
      data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    },
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
    {
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: 7 },
      },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ]);
}

function ollamaWire(kind: string, body: Record<string, unknown>, raw: string, res: ServerResponse): void {
  const model = String(body.model ?? body.name ?? 'llama-fake');
  const stamp = new Date().toISOString();
  const timings = {
    total_duration: 1000,
    load_duration: 10,
    prompt_eval_count: 12,
    prompt_eval_duration: 100,
    eval_count: 7,
    eval_duration: 200,
  };
  switch (kind) {
    case 'tags':
      return send(res, 200, {
        models: [{ name: model, model, modified_at: stamp, size: 1, digest: 'x', details: {} }],
      });
    case 'show':
      return send(res, 200, {
        modelfile: '',
        parameters: '',
        template: '',
        details: { format: 'gguf', family: 'fake' },
        model_info: {},
      });
    case 'pull':
      return send(res, 200, { status: 'success' });
    case 'embed': {
      const inputs = Array.isArray(body.input) ? body.input.map(String) : [String(body.input ?? '')];
      return send(res, 200, {
        model,
        embeddings: inputs.map((text) => scriptedEmbedding(text, EMBEDDING_DIMENSIONS)),
        ...timings,
      });
    }
    case 'embeddings':
      return send(res, 200, { embedding: scriptedEmbedding(String(body.prompt ?? ''), EMBEDDING_DIMENSIONS) });
    case 'generate':
      return send(res, 200, {
        model,
        created_at: stamp,
        response: scriptedReply('ollama', raw, body.format === 'json'),
        done: true,
        done_reason: 'stop',
        ...timings,
      });
    default: {
      const content = scriptedReply('ollama', raw, body.format === 'json' || typeof body.format === 'object');
      const done = {
        model,
        created_at: stamp,
        message: { role: 'assistant', content },
        done: true,
        done_reason: 'stop',
        ...timings,
      };
      if (body.stream === false) return send(res, 200, done);
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write(`${JSON.stringify({ ...done, done: false, done_reason: undefined })}\n`);
      res.end(`${JSON.stringify({ ...done, message: { role: 'assistant', content: '' } })}\n`);
    }
  }
}

/** The token counts the Gemini wire reports for every generation (usageMetadata). */
export const GEMINI_USAGE = { promptTokenCount: 12, candidatesTokenCount: 7, totalTokenCount: 19 };

/**
 * Google's Gemini API wire (generativelanguage v1beta, as @google/genai calls
 * it): `models` (list), `models/{model}:generateContent`,
 * `:streamGenerateContent` (SSE), `:embedContent`, `:batchEmbedContents`,
 * `:countTokens`.
 */
function geminiWire(path: string, body: Record<string, unknown>, raw: string, res: ServerResponse): void {
  const [model, method] = (path.split('/models/')[1] ?? '').split(':');
  if (!method)
    return send(res, 200, {
      models: ['gemini-2.0-flash-001', 'text-embedding-004'].map((name) => ({
        name: `models/${name}`,
        supportedGenerationMethods: ['generateContent', 'embedContent'],
      })),
    });
  const wantsJson =
    (body.generationConfig as { responseMimeType?: string } | undefined)?.responseMimeType === 'application/json';
  const candidate = (text: string) => ({
    content: { role: 'model', parts: [{ text }] },
    finishReason: 'STOP',
    index: 0,
  });
  switch (method) {
    case 'generateContent':
      return send(res, 200, {
        candidates: [candidate(scriptedReply('gemini', raw, wantsJson))],
        usageMetadata: GEMINI_USAGE,
        modelVersion: model,
      });
    case 'streamGenerateContent':
      return sse(res, [
        {
          data: {
            candidates: [candidate(scriptedReply('gemini', raw, wantsJson))],
            usageMetadata: GEMINI_USAGE,
            modelVersion: model,
          },
        },
      ]);
    case 'embedContent': {
      const parts = (body.content as { parts?: { text?: string }[] } | undefined)?.parts ?? [];
      return send(res, 200, {
        embedding: { values: scriptedEmbedding(parts.map((part) => part.text ?? '').join(' '), EMBEDDING_DIMENSIONS) },
      });
    }
    case 'batchEmbedContents': {
      const requests = (body.requests as { content?: { parts?: { text?: string }[] } }[] | undefined) ?? [];
      return send(res, 200, {
        embeddings: requests.map((request) => ({
          values: scriptedEmbedding(
            (request.content?.parts ?? []).map((part) => part.text ?? '').join(' '),
            EMBEDDING_DIMENSIONS,
          ),
        })),
      });
    }
    case 'countTokens':
      return send(res, 200, { totalTokens: Math.ceil(raw.length / 4) });
    default:
      return send(res, 404, {
        error: { code: 404, message: `the compat Gemini wire does not know :${method}`, status: 'NOT_FOUND' },
      });
  }
}

/**
 * A local server that speaks the providers' wire formats under one port:
 * /openai/v1/*, /anthropic/v1/messages, /ollama/api/*, /openrouter/api/v1/*, /gemini/v1beta/*,
 * /groq/openai/v1/*, /elizacloud/api/v1/*.
 * Every request is recorded; unknown paths answer 404 and are recorded too.
 */
export async function startProviderServer(): Promise<ProviderServer> {
  const requests: WireRequest[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = { raw };
      }
      const path = (req.url ?? '/').split('?')[0];
      const [, prefix] = path.split('/');
      const last = path.split('/').filter(Boolean).pop() ?? '';
      const kind = last === 'completions' ? 'chat' : last === 'messages' ? 'messages' : last;
      const wire = (
        ['openai', 'anthropic', 'ollama', 'openrouter', 'gemini', 'groq', 'elizacloud'].includes(prefix)
          ? prefix
          : 'openai'
      ) as WireRequest['wire'];
      if (path.startsWith('/images/')) {
        // A 1x1 PNG, for plugins that download an image before they describe it.
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(Buffer.from(ONE_PIXEL_PNG, 'base64'));
      }
      requests.push({ wire, method: req.method ?? 'GET', path, body, kind });
      if (wire === 'gemini') return geminiWire(path, body, raw, res);
      if (wire === 'anthropic' && kind === 'messages') return anthropicWire(body, raw, res);
      if (wire === 'ollama') return ollamaWire(kind, body, raw, res);
      if (
        [
          'models',
          'embeddings',
          'responses',
          'chat',
          'generations',
          'generate-image',
          'transcriptions',
          'speech',
        ].includes(kind)
      )
        return openAiWire(wire, kind, body, raw, res);
      send(res, 404, { error: { message: `the compat provider server does not know ${req.method} ${path}` } });
    })().catch((error: unknown) => send(res, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
