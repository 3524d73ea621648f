import { backoffDelay, KithError, type Logger } from '@kith/core';
import { createParser } from 'eventsource-parser';
import { DEFAULT_CONNECT_TIMEOUT_MS } from '../config/openai-config';
import {
  OpenAIConnectTimeoutError,
  OpenAIError,
  OpenAINetworkError,
  OpenAIResponseError,
  OpenAIStreamInterruptedError,
  OpenAITimeoutError,
  type OpenAIRequestContext,
} from '../errors';
import { connectTimeoutFetch, isConnectTimeout } from './connect-timeout-fetch';
import { errorFromResponse, readErrorBody } from './error-from-response';

export interface OpenAIClientOptions {
  baseUrl: string;
  apiKey?: string;
  /** Per attempt; for streams, the longest silence between two chunks. */
  timeoutMs: number;
  /** Per attempt, TCP connect plus TLS handshake; default DEFAULT_CONNECT_TIMEOUT_MS. Applies to the default fetch. */
  connectTimeoutMs?: number;
  /** Retries after the first attempt, on retryable errors only. */
  maxRetries: number;
  /** Defaults to undici's fetch with the connect timeout; one passed here keeps its own connect timeout. */
  fetch?: typeof fetch;
  logger?: Pick<Logger, 'info'>;
  /** Tests pass one that records the delays instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** What a request is for, so errors can name the model and the setting that chose it. */
export interface RequestTarget {
  model?: string;
  modelSetting?: string;
}

export interface StreamConsumer {
  /** Called with each parsed event (or once with the whole body when a server ignores `stream`). */
  onData(data: unknown): void | Promise<void>;
  /** Output chunks already handed to the caller: once above 0, a retry would repeat them. */
  chunksDelivered(): number;
  /** Whether the data seen so far is a complete answer (a finish reason arrived). */
  isComplete(): boolean;
}

const BACKOFF = { baseDelayMs: 500, maxDelayMs: 8_000 };
/**
 * Retries of a request that could not connect (refused, DNS, connect timeout), whatever
 * OPENAI_MAX_RETRIES allows. With the default connect timeout a host that drops packets is reported
 * after two attempts and one backoff, well within 10 s.
 */
const NETWORK_RETRIES = 1;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function excerpt(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}...` : text;
}

/**
 * A small client for the OpenAI HTTP API on fetch: JSON and SSE requests, a
 * connect timeout and a timeout per attempt, retries with backoff on
 * 429/5xx/network errors that honour Retry-After, and typed errors.
 */
export class OpenAIClient {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly fetch: typeof fetch;
  private readonly connectTimeoutMs: number;

  constructor(private readonly options: OpenAIClientOptions) {
    this.sleep = options.sleep ?? defaultSleep;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.fetch = options.fetch ?? connectTimeoutFetch(this.connectTimeoutMs);
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** POSTs JSON and returns the parsed JSON body. */
  postJson(path: string, body: unknown, target: RequestTarget = {}): Promise<unknown> {
    const context = this.contextFor(path, target);
    return this.withRetries(context, () =>
      this.withTimeout(context, false, async (signal) => {
        const response = await this.send(path, body, context, signal, 'application/json');
        return this.readJson(response, context, signal);
      }),
    );
  }

  /** POSTs with `stream: true` and feeds each server-sent event's JSON to `consumer`. */
  postStream(path: string, body: unknown, consumer: StreamConsumer, target: RequestTarget = {}): Promise<void> {
    const context = this.contextFor(path, target);
    return this.withRetries(
      context,
      () =>
        this.withTimeout(context, true, async (signal, touch) => {
          const response = await this.send(path, body, context, signal, 'text/event-stream');
          if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
            // Some servers ignore `stream` and answer with one JSON body.
            await consumer.onData(await this.readJson(response, context, signal));
            return;
          }
          await this.readEvents(response, context, signal, touch, consumer);
        }),
      () => consumer.chunksDelivered() === 0,
    );
  }

  /** The context errors for a request to `path` carry. */
  contextFor(path: string, target: RequestTarget = {}): OpenAIRequestContext {
    return { baseUrl: this.options.baseUrl, endpoint: `POST ${path}`, ...target };
  }

  private async send(
    path: string,
    body: unknown,
    context: OpenAIRequestContext,
    signal: AbortSignal,
    accept: string,
  ): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    let response: Response;
    try {
      response = await this.fetch(`${this.options.baseUrl}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (isConnectTimeout(error)) throw new OpenAIConnectTimeoutError(context, this.connectTimeoutMs, error);
      throw new OpenAINetworkError(context, error);
    }
    if (!response.ok) throw await errorFromResponse(response, context, Boolean(this.options.apiKey));
    return response;
  }

  private async readJson(response: Response, context: OpenAIRequestContext, signal: AbortSignal): Promise<unknown> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new OpenAINetworkError(context, error);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new OpenAIResponseError(context, `the body is not JSON (${excerpt(text) || 'empty'})`, {
        retryable: true,
        cause: error,
      });
    }
  }

  private async readEvents(
    response: Response,
    context: OpenAIRequestContext,
    signal: AbortSignal,
    touch: () => void,
    consumer: StreamConsumer,
  ): Promise<void> {
    if (!response.body) throw new OpenAIResponseError(context, 'the stream has no body', { retryable: true });
    const pending: string[] = [];
    const parser = createParser({ onEvent: (event) => void pending.push(event.data) });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let finished = false;
    try {
      while (!finished) {
        const chunk = await reader.read().catch((error: unknown) => {
          if (signal.aborted) throw signal.reason;
          throw new OpenAIStreamInterruptedError(context, consumer.chunksDelivered(), error);
        });
        touch();
        if (chunk.done) break;
        parser.feed(decoder.decode(chunk.value as Uint8Array, { stream: true }));
        for (const data of pending.splice(0)) {
          if (data.trim() === '[DONE]') {
            finished = true;
            break;
          }
          await consumer.onData(this.parseEvent(data, context));
        }
        // A slow consumer (a client socket applying backpressure) is not a silent server.
        touch();
      }
    } finally {
      if (!finished) await reader.cancel().catch(() => undefined);
    }
    if (!finished && !consumer.isComplete())
      throw new OpenAIStreamInterruptedError(context, consumer.chunksDelivered());
  }

  private parseEvent(data: string, context: OpenAIRequestContext): unknown {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch (error) {
      throw new OpenAIResponseError(context, `a stream event is not JSON (${excerpt(data)})`, {
        retryable: true,
        cause: error,
      });
    }
    // OpenAI reports a failure inside an open stream as an event with an `error` field.
    if (parsed && typeof parsed === 'object' && 'error' in parsed && parsed.error) {
      const { message } = readErrorBody(data);
      throw new OpenAIResponseError(context, `the server reported an error mid-stream: ${message ?? 'unknown'}`, {
        retryable: true,
      });
    }
    return parsed;
  }

  /** Runs one attempt under an abort timer; `idle` timers restart on every `touch()`. */
  private async withTimeout<T>(
    context: OpenAIRequestContext,
    idle: boolean,
    attempt: (signal: AbortSignal, touch: () => void) => Promise<T>,
  ): Promise<T> {
    const { timeoutMs } = this.options;
    const controller = new AbortController();
    const fire = () => controller.abort(new OpenAITimeoutError(context, timeoutMs));
    let timer = setTimeout(fire, timeoutMs);
    const touch = () => {
      if (!idle) return;
      clearTimeout(timer);
      timer = setTimeout(fire, timeoutMs);
    };
    try {
      return await attempt(controller.signal, touch);
    } catch (error) {
      if (controller.signal.aborted && !KithError.isInstance(error)) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async withRetries<T>(
    context: OpenAIRequestContext,
    attempt: () => Promise<T>,
    canRetry: () => boolean = () => true,
  ): Promise<T> {
    for (let number = 1; ; number++) {
      try {
        return await attempt();
      } catch (error) {
        const delay = this.retryDelay(error, number, canRetry);
        if (delay === undefined) throw error;
        // Info, not warn: a retry that works is no news, and one that fails surfaces as the error itself.
        this.options.logger?.info(
          {
            endpoint: context.endpoint,
            baseUrl: context.baseUrl,
            model: context.model,
            attempt: number,
            delayMs: delay,
            err: error,
          },
          `OpenAI-compatible request failed (${(error as Error).message}); retry ${number} of ${this.options.maxRetries} in ${delay} ms`,
        );
        await this.sleep(delay);
      }
    }
  }

  /** The wait before the next attempt, or undefined to give up now. */
  private retryDelay(error: unknown, attempt: number, canRetry: () => boolean): number | undefined {
    if (attempt > this.options.maxRetries || !canRetry()) return undefined;
    if (!KithError.isInstance(error) || !error.retryable) return undefined;
    // Nothing listening (or DNS failing) rarely changes in seconds: one quick retry covers a blip, so a
    // dead OPENAI_BASE_URL is reported in about a second instead of after every backoff.
    const couldNotConnect = error instanceof OpenAINetworkError || error instanceof OpenAIConnectTimeoutError;
    if (couldNotConnect && attempt > NETWORK_RETRIES) return undefined;
    if (error instanceof OpenAIError) {
      // Out of quota will not change in seconds; a fallback provider may still answer.
      if (error.providerCode === 'insufficient_quota') return undefined;
      if (error.retryAfterMs !== undefined) {
        // Waiting longer than one request may take is worse than letting a fallback answer now.
        return error.retryAfterMs <= this.options.timeoutMs ? error.retryAfterMs : undefined;
      }
    }
    return backoffDelay(attempt, { ...BACKOFF, random: this.options.random });
  }
}
