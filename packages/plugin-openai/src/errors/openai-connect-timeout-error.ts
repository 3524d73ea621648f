import { KithError } from '@kith/core';
import { OpenAIErrorCode } from './openai-error-codes';
import { OpenAIError, where, type OpenAIRequestContext } from './openai-error';

const name = 'OpenAIConnectTimeoutError';
const marker = Symbol.for(`kith.error.${name}`);

/**
 * The host took no connection within OPENAI_CONNECT_TIMEOUT_MS (TCP connect plus TLS handshake): a
 * wrong address, a firewall that drops packets, a network down. Retryable, once, like a refusal.
 */
export class OpenAIConnectTimeoutError extends OpenAIError {
  private readonly [marker] = true;
  override readonly name = name;

  /** `host:port` as in OPENAI_BASE_URL, e.g. `api.openai.com` or `10.0.0.5:11434`. */
  readonly host: string;
  readonly connectTimeoutMs: number;

  constructor(context: OpenAIRequestContext, connectTimeoutMs: number, cause: unknown) {
    const host = URL.canParse(context.baseUrl) ? new URL(context.baseUrl).host : context.baseUrl;
    super(
      OpenAIErrorCode.CONNECT_TIMEOUT,
      `${host} did not answer within ${connectTimeoutMs} ms (TCP connect and TLS handshake) for ${where(context)}. Check OPENAI_BASE_URL and the network, or raise OPENAI_CONNECT_TIMEOUT_MS for a slow link.`,
      context,
      { cause, retryable: true },
    );
    this.host = host;
    this.connectTimeoutMs = connectTimeoutMs;
  }

  /** True for an OpenAIConnectTimeoutError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is OpenAIConnectTimeoutError {
    return KithError.hasMarker(error, marker);
  }
}
