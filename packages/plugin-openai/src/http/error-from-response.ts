import {
  OpenAIAuthError,
  OpenAIRateLimitError,
  OpenAIRequestError,
  OpenAIServerError,
  type OpenAIError,
  type OpenAIRequestContext,
} from '../errors';
import { parseRetryAfter } from './parse-retry-after';

/** Longest server message kept in an error; bodies can be whole HTML pages. */
const MAX_MESSAGE = 300;

interface ErrorBody {
  message?: string;
  code?: string;
}

/** The `{error: {message, code, type}}` body most OpenAI-compatible servers send; else the text. */
export function readErrorBody(text: string): ErrorBody {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; message?: unknown; detail?: unknown };
    const error = parsed.error;
    if (typeof error === 'string') return { message: error };
    if (error && typeof error === 'object') {
      const { message, code, type } = error as { message?: unknown; code?: unknown; type?: unknown };
      return {
        message: typeof message === 'string' ? message : undefined,
        code: typeof code === 'string' ? code : typeof type === 'string' ? type : undefined,
      };
    }
    if (typeof parsed.message === 'string') return { message: parsed.message };
    if (typeof parsed.detail === 'string') return { message: parsed.detail };
  } catch {
    // Not JSON: keep the text.
  }
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return { message: trimmed.length > MAX_MESSAGE ? `${trimmed.slice(0, MAX_MESSAGE)}...` : trimmed || undefined };
}

/** The typed error for a non-2xx response. */
export async function errorFromResponse(
  response: Response,
  context: OpenAIRequestContext,
  hasApiKey: boolean,
): Promise<OpenAIError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The status alone is enough to classify the failure.
  }
  const { message, code } = readErrorBody(text);
  const status = response.status;
  const retryAfterMs = parseRetryAfter(response.headers);
  if (status === 401 || status === 403) return new OpenAIAuthError(context, status, message, hasApiKey);
  if (status === 429) return new OpenAIRateLimitError(context, message, { retryAfterMs, providerCode: code });
  // 408 (request timeout) and 409 (conflict) are transient by the OpenAI API's own guidance.
  if (status >= 500 || status === 408 || status === 409)
    return new OpenAIServerError(context, status, message, retryAfterMs);
  return new OpenAIRequestError(context, status, message, code);
}
