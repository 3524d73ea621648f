import { createServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { ErrorCode, KithError } from '@kith/core';
import { OpenAIErrorCode } from '../errors/openai-error-codes';
import { OpenAIAuthError, OpenAIConnectTimeoutError, OpenAIRateLimitError, type OpenAIError } from '../errors';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '../testing';
import { OpenAIClient, type OpenAIClientOptions, type StreamConsumer } from './openai-client';

const chatBody = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi there' }] };

describe('OpenAIClient against a local OpenAI-compatible server', () => {
  let server: FakeOpenAIServer;
  let sleeps: number[];

  beforeEach(async () => {
    server = await startFakeOpenAIServer({ apiKey: 'sk-good' });
    sleeps = [];
  });
  afterEach(() => server.close());

  function client(overrides: Partial<OpenAIClientOptions> = {}): OpenAIClient {
    return new OpenAIClient({
      baseUrl: server.baseUrl,
      apiKey: 'sk-good',
      timeoutMs: 5_000,
      maxRetries: 2,
      // Record the waits instead of sleeping: the test checks what was asked, not the clock.
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0.5,
      ...overrides,
    });
  }

  async function failure(promise: Promise<unknown>): Promise<OpenAIError> {
    try {
      await promise;
    } catch (error) {
      return error as OpenAIError;
    }
    throw new Error('expected the request to fail');
  }

  function collector() {
    const chunks: string[] = [];
    let complete = false;
    const consumer: StreamConsumer = {
      onData: (data) => {
        const choices =
          (data as { choices?: { delta?: { content?: string }; finish_reason?: string | null }[] }).choices ?? [];
        for (const choice of choices) {
          if (choice.delta?.content) chunks.push(choice.delta.content);
          if (choice.finish_reason) complete = true;
        }
      },
      chunksDelivered: () => chunks.length,
      isComplete: () => complete,
    };
    return { chunks, consumer };
  }

  it('posts JSON with the bearer key and returns the parsed body', async () => {
    const body = (await client().postJson('/chat/completions', chatBody)) as {
      choices: { message: { content: string } }[];
      usage: unknown;
    };
    expect(body.choices[0].message.content).toBe('Hello from the fake OpenAI server.');
    expect(body.usage).toEqual({
      prompt_tokens: 2,
      completion_tokens: 6,
      total_tokens: 8,
      prompt_tokens_details: { cached_tokens: 0 },
    });
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', body: chatBody });
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-good');
  });

  it('retries a 429 after the Retry-After seconds, then succeeds', async () => {
    server.enqueue({ type: 'status', status: 429, headers: { 'retry-after': '2' }, message: 'Rate limit reached' });
    const body = (await client().postJson('/chat/completions', chatBody)) as { choices: unknown[] };
    expect(body.choices).toHaveLength(1);
    expect(server.requestsTo('/chat/completions')).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const inThreeSeconds = new Date(Date.now() + 3_000).toUTCString();
    server.enqueue({ type: 'status', status: 503, headers: { 'retry-after': inThreeSeconds } });
    await client().postJson('/chat/completions', chatBody);
    expect(sleeps).toHaveLength(1);
    // HTTP dates have whole seconds, so the wait is between 2 and 3 s.
    expect(sleeps[0]).toBeGreaterThan(1_000);
    expect(sleeps[0]).toBeLessThanOrEqual(3_000);
  });

  it('backs off exponentially on 5xx without Retry-After, then gives up with a retryable error', async () => {
    for (let i = 0; i < 3; i++) server.enqueue({ type: 'status', status: 500, message: 'The server had an error' });
    const error = await failure(client().postJson('/chat/completions', chatBody));
    expect(error.code).toBe(OpenAIErrorCode.SERVER_ERROR);
    expect(error.retryable).toBe(true);
    expect(error.status).toBe(500);
    expect(error.message).toContain('The server had an error');
    expect(server.requestsTo('/chat/completions')).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
  });

  it('does not wait when Retry-After is longer than the timeout: the fallback chain may answer sooner', async () => {
    server.enqueue({ type: 'status', status: 429, headers: { 'retry-after': '120' } });
    const error = await failure(client({ timeoutMs: 10_000 }).postJson('/chat/completions', chatBody));
    expect(error).toBeInstanceOf(OpenAIRateLimitError);
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.retryable).toBe(true);
    expect(sleeps).toEqual([]);
  });

  it('does not retry a 429 for an exhausted quota', async () => {
    server.enqueue({
      type: 'status',
      status: 429,
      code: 'insufficient_quota',
      message: 'You exceeded your current quota',
    });
    const error = await failure(client().postJson('/chat/completions', chatBody));
    expect(error.providerCode).toBe('insufficient_quota');
    expect(error.message).toContain('billing');
    expect(server.requests).toHaveLength(1);
  });

  it('reports a 401 at once, naming OPENAI_API_KEY', async () => {
    const error = await failure(client({ apiKey: 'sk-wrong' }).postJson('/chat/completions', chatBody));
    expect(error).toBeInstanceOf(OpenAIAuthError);
    expect(error.code).toBe(OpenAIErrorCode.AUTH_FAILED);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('OPENAI_API_KEY');
    expect(error.message).toContain('Incorrect API key provided');
    expect(server.requests).toHaveLength(1);

    const missing = await failure(client({ apiKey: undefined }).postJson('/chat/completions', chatBody));
    expect(missing.message).toContain('No OPENAI_API_KEY is set');
    expect(server.requests[1].headers.authorization).toBeUndefined();
  });

  it('names the model setting on a 404', async () => {
    server.enqueue({ type: 'status', status: 404, message: 'model "llama9" not found', code: 'model_not_found' });
    const error = await failure(
      client().postJson('/chat/completions', chatBody, { model: 'llama9', modelSetting: 'OPENAI_LARGE_MODEL' }),
    );
    expect(error.code).toBe(OpenAIErrorCode.REQUEST_REJECTED);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('OPENAI_LARGE_MODEL');
    expect(error.message).toContain('model llama9');
    expect(error.providerCode).toBe('model_not_found');
  });

  it('turns malformed JSON into a retryable BAD_RESPONSE error, and recovers when a retry succeeds', async () => {
    server.enqueue({ type: 'malformed-json' });
    await expect(client().postJson('/chat/completions', chatBody)).resolves.toBeDefined();
    expect(server.requests).toHaveLength(2);

    for (let i = 0; i < 3; i++) server.enqueue({ type: 'malformed-json' });
    const error = await failure(client().postJson('/chat/completions', chatBody));
    expect(error.code).toBe(OpenAIErrorCode.BAD_RESPONSE);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('the body is not JSON');
  });

  it('aborts a response slower than the timeout with KITH_TIMEOUT', async () => {
    server.enqueue({ type: 'delay', ms: 5_000 });
    const error = await failure(
      client({ timeoutMs: 150, maxRetries: 0 }).postJson('/chat/completions', chatBody, { model: 'gpt-4o-mini' }),
    );
    expect(KithError.hasCode(error, ErrorCode.TIMEOUT)).toBe(true);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('timed out after 150 ms');
    expect(error.message).toContain('OPENAI_TIMEOUT_MS');
  });

  it('retries a timed-out attempt and succeeds on the next', async () => {
    server.enqueue({ type: 'delay', ms: 5_000 });
    await expect(
      client({ timeoutMs: 150, maxRetries: 1 }).postJson('/chat/completions', chatBody),
    ).resolves.toBeDefined();
    expect(server.requests).toHaveLength(2);
  });

  it('reports an unreachable server as a retryable network error naming OPENAI_BASE_URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    // More retries allowed than a refused connection gets: it is retried once, so a dead server is reported at once.
    const error = await failure(
      client({ baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 3 }).postJson('/chat/completions', chatBody),
    );
    expect(error.code).toBe(OpenAIErrorCode.NETWORK_ERROR);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).toContain('OPENAI_BASE_URL');
    expect(sleeps).toHaveLength(1);
  });

  it('reports a host that takes no connection (a black hole) as a connect timeout naming the host and the fix', async () => {
    // Accepts TCP and never speaks: over https the TLS handshake hangs, as with a host dropping packets.
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const blackHole = client({ baseUrl: `https://127.0.0.1:${port}/v1`, connectTimeoutMs: 200, maxRetries: 3 });
      const error = await failure(blackHole.postJson('/chat/completions', chatBody, { model: 'gpt-4o' }));
      expect(OpenAIConnectTimeoutError.isInstance(error)).toBe(true);
      expect(error.code).toBe(OpenAIErrorCode.CONNECT_TIMEOUT);
      expect(error.retryable).toBe(true);
      expect((error as OpenAIConnectTimeoutError).host).toBe(`127.0.0.1:${port}`);
      expect(error.message).toBe(
        `127.0.0.1:${port} did not answer within 200 ms (TCP connect and TLS handshake) for POST /chat/completions at https://127.0.0.1:${port}/v1 (model gpt-4o). ` +
          'Check OPENAI_BASE_URL and the network, or raise OPENAI_CONNECT_TIMEOUT_MS for a slow link.',
      );
      // Retried once like a refused connection, whatever OPENAI_MAX_RETRIES allows.
      expect(sleeps).toHaveLength(1);
      expect(sockets).toHaveLength(2);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('uses a fetch passed in (tests, a proxy) instead of its own', async () => {
    const urls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      urls.push(String(input));
      return globalThis.fetch(input, init);
    };
    await client({ fetch: recording }).postJson('/chat/completions', chatBody);
    expect(urls).toEqual([`${server.baseUrl}/chat/completions`]);
  });

  describe('streams', () => {
    const streamBody = { ...chatBody, stream: true, stream_options: { include_usage: true } };

    it('feeds every server-sent event to the consumer, usage last', async () => {
      const { chunks, consumer } = collector();
      const events: unknown[] = [];
      await client().postStream('/chat/completions', streamBody, {
        ...consumer,
        onData: (data) => {
          events.push(data);
          return consumer.onData(data);
        },
      });
      expect(chunks.join('')).toBe('Hello from the fake OpenAI server.');
      expect(chunks.length).toBeGreaterThan(3);
      expect(events[events.length - 1]).toMatchObject({ choices: [], usage: { total_tokens: 8 } });
    });

    it('fails a stream cut mid-way with STREAM_INTERRUPTED and does not retry after chunks were delivered', async () => {
      server.enqueue({ type: 'cut-stream', afterChunks: 2 });
      const { chunks, consumer } = collector();
      const error = await failure(client().postStream('/chat/completions', streamBody, consumer));
      expect(error.code).toBe(OpenAIErrorCode.STREAM_INTERRUPTED);
      expect(error.retryable).toBe(true);
      expect(error.message).toContain('after 2 chunks');
      expect(chunks).toEqual(['Hello ', 'from t']);
      expect(server.requests).toHaveLength(1);
      expect(sleeps).toEqual([]);
    });

    it('retries a stream cut before any chunk reached the caller', async () => {
      server.enqueue({ type: 'cut-stream', afterChunks: 0 });
      const { chunks, consumer } = collector();
      await client().postStream('/chat/completions', streamBody, consumer);
      expect(chunks.join('')).toBe('Hello from the fake OpenAI server.');
      expect(server.requests).toHaveLength(2);
    });

    it('times out a stream that stalls before its first byte', async () => {
      server.enqueue({ type: 'delay', ms: 5_000 });
      const { consumer } = collector();
      const error = await failure(
        client({ timeoutMs: 150, maxRetries: 0 }).postStream('/chat/completions', streamBody, consumer),
      );
      expect(KithError.hasCode(error, ErrorCode.TIMEOUT)).toBe(true);
    });

    it('surfaces a 429 before the stream starts, retrying it like any request', async () => {
      server.enqueue({ type: 'status', status: 429, headers: { 'retry-after': '1' } });
      const { chunks, consumer } = collector();
      await client().postStream('/chat/completions', streamBody, consumer);
      expect(chunks.join('')).toBe('Hello from the fake OpenAI server.');
      expect(sleeps).toEqual([1000]);
    });
  });
});
