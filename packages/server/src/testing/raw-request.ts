import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON when it is JSON, else undefined. */
  json: unknown;
}

export interface RawRequestOptions {
  method: string;
  /** Sent exactly as given: percent-escapes, dots and odd bytes are not normalised as fetch would. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One HTTP request over node:http with a raw path and any method, header and body combination. */
export function rawRequest(baseUrl: string, options: RawRequestOptions): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    let failure: Error | undefined;
    const headers = { ...options.headers };
    // Framed explicitly: node sends a GET/DELETE body unframed otherwise, which is a different (malformed) request.
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const req = request(
      { host: hostname, port, method: options.method, path: options.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          answered = true;
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          if (String(res.headers['content-type'] ?? '').includes('json') && text) {
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    // A server may answer (413, 401) and close before reading all of a large body: the answer still
    // counts, so a write error fails the request only if no answer has arrived once the request closes.
    req.on('error', (error) => {
      failure ??= error;
    });
    req.on('close', () => {
      if (!answered)
        reject(
          failure ?? new Error(`${options.method} ${options.path}: the connection closed without a complete answer`),
        );
    });
    req.end(options.body);
  });
}
