import { KithError, type KithErrorOptions } from '@kith/core';

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

export interface OpenAIErrorDetails extends KithErrorOptions {
  status?: number;
  /** The `error.code` (or `type`) string from the server's JSON body, e.g. `insufficient_quota`. */
  providerCode?: string;
  /** How long the server asked us to wait (Retry-After), when it did. */
  retryAfterMs?: number;
}

export function where(context: OpenAIRequestContext): string {
  return `${context.endpoint} at ${context.baseUrl}${context.model ? ` (model ${context.model})` : ''}`;
}

export function serverSaid(message: string | undefined): string {
  return message ? `: ${message}` : '';
}

const name = 'OpenAIError';
const marker = Symbol.for(`kith.error.${name}`);

/** Base of every error from an OpenAI-compatible server. */
export class OpenAIError extends KithError {
  private readonly [marker] = true;
  override readonly name: string = name;

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

  /** True for an OpenAIError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is OpenAIError {
    return KithError.hasMarker(error, marker);
  }
}
