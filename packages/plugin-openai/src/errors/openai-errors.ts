import { KithError, TimeoutError, type KithErrorOptions } from '@kith/core';
import { OpenAIErrorCode } from './openai-error-codes';

/** Which request failed: named in every message so a log line alone says where to look. */
export interface OpenAIRequestContext {
  /** e.g. `https://api.openai.com/v1` */
  baseUrl: string;
  /** e.g. `POST /chat/completions` */
  endpoint: string;
  /** The model asked for, when the request names one. */
  model?: string;
  /** The setting that chose that model, e.g. `OPENAI_LARGE_MODEL`. */
  modelSetting?: string;
}

interface OpenAIErrorDetails extends KithErrorOptions {
  status?: number;
  /** The `error.code` (or `type`) string from the server's JSON body, e.g. `insufficient_quota`. */
  providerCode?: string;
  /** How long the server asked us to wait (Retry-After), when it did. */
  retryAfterMs?: number;
}

function where(context: OpenAIRequestContext): string {
  return `${context.endpoint} at ${context.baseUrl}${context.model ? ` (model ${context.model})` : ''}`;
}

function serverSaid(message: string | undefined): string {
  return message ? `: ${message}` : '';
}

/** Base of every error from an OpenAI-compatible server. */
export class OpenAIError extends KithError {
  readonly context: OpenAIRequestContext;
  readonly status?: number;
  readonly providerCode?: string;
  readonly retryAfterMs?: number;

  constructor(code: string, message: string, context: OpenAIRequestContext, details: OpenAIErrorDetails = {}) {
    super(code, message, { cause: details.cause, retryable: details.retryable });
    this.context = context;
    if (details.status !== undefined) this.status = details.status;
    if (details.providerCode !== undefined) this.providerCode = details.providerCode;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}

/** 401/403: the key is missing, wrong or lacks permission. Not retryable. */
export class OpenAIAuthError extends OpenAIError {
  constructor(context: OpenAIRequestContext, status: number, serverMessage: string | undefined, hasApiKey: boolean) {
    const fix = hasApiKey
      ? 'Check OPENAI_API_KEY: it is wrong, revoked, or not allowed to use this model'
      : 'No OPENAI_API_KEY is set; set OPENAI_API_KEY in the character secrets or the environment';
    super(OpenAIErrorCode.AUTH_FAILED, `${where(context)} refused the request (${status}${serverSaid(serverMessage)}). ${fix}.`, context, {
      status,
      retryable: false,
    });
  }
}

/** 429: too many requests or tokens. Retryable; `retryAfterMs` when the server said how long to wait. */
export class OpenAIRateLimitError extends OpenAIError {
  constructor(context: OpenAIRequestContext, serverMessage: string | undefined, details: { retryAfterMs?: number; providerCode?: string } = {}) {
    const quota = details.providerCode === 'insufficient_quota';
    super(
      OpenAIErrorCode.RATE_LIMITED,
      `${where(context)} is rate limited (429${serverSaid(serverMessage)}).${quota ? ' The account is out of quota: check its billing.' : ''}`,
      context,
      { status: 429, retryable: true, ...details },
    );
  }
}

/** 5xx (and 408/409): the server failed or is overloaded. Retryable. */
export class OpenAIServerError extends OpenAIError {
  constructor(context: OpenAIRequestContext, status: number, serverMessage: string | undefined, retryAfterMs?: number) {
    super(OpenAIErrorCode.SERVER_ERROR, `${where(context)} failed with ${status}${serverSaid(serverMessage)}.`, context, {
      status,
      retryAfterMs,
      retryable: true,
    });
  }
}

/** Any other 4xx: the request itself is wrong (unknown model, bad parameter). Not retryable. */
export class OpenAIRequestError extends OpenAIError {
  constructor(context: OpenAIRequestContext, status: number, serverMessage: string | undefined, providerCode?: string) {
    let hint = '';
    if (status === 404) {
      hint = context.modelSetting
        ? ` Check ${context.modelSetting} (the server may not have that model) and OPENAI_BASE_URL (it usually ends in /v1).`
        : ' Check OPENAI_BASE_URL (it usually ends in /v1).';
    }
    super(OpenAIErrorCode.REQUEST_REJECTED, `${where(context)} rejected the request (${status}${serverSaid(serverMessage)}).${hint}`, context, {
      status,
      providerCode,
      retryable: false,
    });
  }
}

/** No answer (or, for a stream, no chunk) within OPENAI_TIMEOUT_MS. Code KITH_TIMEOUT, retryable. */
export class OpenAITimeoutError extends TimeoutError {
  constructor(
    readonly context: OpenAIRequestContext,
    timeoutMs: number,
  ) {
    super(where(context), timeoutMs);
    this.message = `${this.message}. Raise OPENAI_TIMEOUT_MS if the server is just slow.`;
  }
}

/** The server could not be reached (refused, reset, DNS). Retryable. */
export class OpenAINetworkError extends OpenAIError {
  constructor(context: OpenAIRequestContext, cause: unknown) {
    const detail = networkDetail(cause);
    super(
      OpenAIErrorCode.NETWORK_ERROR,
      `Could not reach ${where(context)}${detail ? ` (${detail})` : ''}. Is the server running? Check OPENAI_BASE_URL.`,
      context,
      { cause, retryable: true },
    );
  }
}

/** The response was not what the OpenAI wire format promises (invalid JSON, missing fields). */
export class OpenAIResponseError extends OpenAIError {
  constructor(context: OpenAIRequestContext, problem: string, options: { retryable: boolean; cause?: unknown }) {
    super(OpenAIErrorCode.BAD_RESPONSE, `${where(context)} sent an invalid response: ${problem}`, context, options);
  }
}

/** A streamed response ended before it was complete. Retryable, but never after chunks reached the caller. */
export class OpenAIStreamInterruptedError extends OpenAIError {
  constructor(
    context: OpenAIRequestContext,
    readonly chunksDelivered: number,
    cause?: unknown,
  ) {
    super(
      OpenAIErrorCode.STREAM_INTERRUPTED,
      `The stream from ${where(context)} ended early, after ${chunksDelivered} chunk${chunksDelivered === 1 ? '' : 's'}.`,
      context,
      { cause, retryable: true },
    );
  }
}

/** OBJECT_SMALL/LARGE: the model's output was not valid JSON, even after one repair request. */
export class OpenAIObjectError extends OpenAIError {
  constructor(
    context: OpenAIRequestContext,
    problem: string,
    readonly text: string,
  ) {
    const excerpt = text.length > 200 ? `${text.slice(0, 200)}...` : text;
    super(OpenAIErrorCode.OBJECT_INVALID, `${where(context)} did not return valid JSON after one repair attempt (${problem}). Output: ${excerpt}`, context, {
      retryable: true,
    });
  }
}

/** The embedding model returned vectors of another size than OPENAI_EMBEDDING_DIMENSIONS. */
export class OpenAIEmbeddingDimensionError extends OpenAIError {
  constructor(
    context: OpenAIRequestContext,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(
      OpenAIErrorCode.EMBEDDING_DIMENSION_MISMATCH,
      `${where(context)} returned ${actual}-dimension embeddings but OPENAI_EMBEDDING_DIMENSIONS is ${expected}. Set OPENAI_EMBEDDING_DIMENSIONS=${actual} (a new data directory is needed when the stored dimension changes).`,
      context,
      { retryable: false },
    );
  }
}

function networkDetail(cause: unknown): string {
  // undici reports "fetch failed" and puts the system error (ECONNREFUSED, ...) in `cause`.
  const inner = (cause as { cause?: unknown } | undefined)?.cause ?? cause;
  const code = (inner as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  return inner instanceof Error ? inner.message : '';
}
