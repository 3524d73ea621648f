export interface HttpResult {
  status: number;
  // Test-only: bodies are asserted field by field.
  body: any;
  headers: Headers;
}

export interface HttpOptions {
  method?: string;
  /** JSON-encoded unless `raw` is given. */
  body?: unknown;
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

/** One real HTTP request with fetch; the body is parsed as JSON when it is JSON. */
export async function http(baseUrl: string, path: string, options: HttpOptions = {}): Promise<HttpResult> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  let body: string | Buffer | undefined = options.raw;
  if (options.body !== undefined && body === undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: response.status, body: parsed, headers: response.headers };
}
