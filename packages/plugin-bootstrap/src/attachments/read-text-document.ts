import { isTextMediaType, mediaTypeOf } from './attachment-kind';
import { redactUrl } from './redact-url';
import { safeFetch, type SafeFetchOptions } from './safe-fetch';
import { AttachmentFetchError } from './errors';

export const DEFAULT_ATTACHMENT_MAX_TEXT_CHARS = 20_000;

export interface TextDocument {
  text: string;
  /** Characters before truncation. */
  totalChars: number;
  truncated: boolean;
}

export interface ReadTextDocumentOptions extends SafeFetchOptions {
  maxTextChars?: number;
  /**
   * Whether a response without a text Content-Type (none, or
   * application/octet-stream) is still read as text: true when the
   * attachment itself was declared as text.
   */
  trustDeclaredText?: boolean;
}

/** Fetches a text document (size-capped by safeFetch), decodes it and truncates it with a marker. */
export async function readTextDocument(url: string, options: ReadTextDocumentOptions = {}): Promise<TextDocument> {
  const response = await safeFetch(url, options);
  const served = mediaTypeOf(response.contentType);
  const untyped = served === '' || served === 'application/octet-stream';
  if (!isTextMediaType(served) && !(untyped && options.trustDeclaredText)) {
    throw new AttachmentFetchError(
      redactUrl(url),
      `the server sent ${served || 'no content type'}, not a text document`,
    );
  }
  // A NUL byte early on means binary data whatever the header says.
  if (response.body.subarray(0, 1024).includes(0)) {
    throw new AttachmentFetchError(redactUrl(url), 'the body is binary, not text');
  }
  const decoded = decode(response.body, response.contentType);
  return truncate(decoded, options.maxTextChars ?? DEFAULT_ATTACHMENT_MAX_TEXT_CHARS);
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset).decode(body);
    } catch {
      // Unknown charset label: fall back to UTF-8.
    }
  }
  return new TextDecoder('utf-8').decode(body);
}

export function truncate(text: string, maxChars: number): TextDocument {
  if (text.length <= maxChars) return { text, totalChars: text.length, truncated: false };
  let end = maxChars;
  // Do not split a surrogate pair.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return {
    text: `${text.slice(0, end)}\n[… truncated: showing the first ${end} of ${text.length} characters]`,
    totalChars: text.length,
    truncated: true,
  };
}
