import { ErrorCode, KithError } from '@kith/core';
import { startLocalHttpServer, type LocalHttpServer } from '../testing/local-http-server';
import { isPublicAddress } from './address-policy';
import { safeFetch, type SafeFetchOptions } from './safe-fetch';
import { AttachmentErrorCode } from './errors';

/** The error safeFetch rejects with (fails the test if it resolves). */
async function fetchError(url: string, options?: SafeFetchOptions): Promise<KithError> {
  const error: unknown = await safeFetch(url, options).then(
    (result) => new Error(`expected a rejection, got HTTP ${result.status} from ${result.finalUrl}`),
    (reason: unknown) => reason,
  );
  if (!KithError.isInstance(error)) throw error;
  return error;
}

/** Only this exact address is allowed (plus public ones): stands in for "an allowed host" without the internet. */
const onlyAddress =
  (allowed: string) =>
  (address: string): boolean =>
    address === allowed || isPublicAddress(address);

describe('safeFetch', () => {
  let server: LocalHttpServer;
  let other: LocalHttpServer;

  beforeAll(async () => {
    server = await startLocalHttpServer('127.0.0.1');
    // A second loopback address stands in for "a private host behind the allowed one".
    other = await startLocalHttpServer('127.0.0.2');
    other.route('/secret', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret'));

    server.route('/hello.txt', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('hello, attachment'),
    );
    server.route('/hop', (_req, res) => res.writeHead(302, { location: '/hello.txt' }).end());
    server.route('/to-other', (_req, res) => res.writeHead(302, { location: `${other.origin}/secret` }).end());
    server.route('/to-metadata', (_req, res) =>
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    server.route('/to-mapped', (_req, res) => res.writeHead(307, { location: `http://[::ffff:10.0.0.1]/` }).end());
    server.route('/to-file', (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
    server.route('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
    server.route('/chain', (req, res) => {
      const step = Number(new URL(req.url ?? '', 'http://x').searchParams.get('n') ?? '0');
      res.writeHead(302, { location: step >= 3 ? '/hello.txt' : `/chain?n=${step + 1}` }).end();
    });
    server.route('/missing-location', (_req, res) => res.writeHead(302).end());
    server.route('/gone', (_req, res) => res.writeHead(410).end());
    server.route('/busy', (_req, res) => res.writeHead(503).end());
  });

  afterAll(async () => {
    await server.close();
    await other.close();
  });

  describe('fetching', () => {
    it('returns the body, content type and final URL of an allowed URL', async () => {
      const result = await safeFetch(`${server.origin}/hello.txt`, { allowPrivate: true });
      expect(result.status).toBe(200);
      expect(result.contentType).toBe('text/plain; charset=utf-8');
      expect(result.body.toString('utf8')).toBe('hello, attachment');
      expect(result.finalUrl).toBe(`${server.origin}/hello.txt`);
    });

    it('follows a relative redirect and reports the final URL', async () => {
      const result = await safeFetch(`${server.origin}/hop`, { allowPrivate: true });
      expect(result.body.toString()).toBe('hello, attachment');
      expect(result.finalUrl).toBe(`${server.origin}/hello.txt`);
    });

    it('follows exactly 3 redirects and refuses a 4th', async () => {
      const three = await safeFetch(`${server.origin}/chain?n=1`, { allowPrivate: true });
      expect(three.finalUrl).toBe(`${server.origin}/hello.txt`);

      const error = await fetchError(`${server.origin}/loop`, { allowPrivate: true });
      expect(error.code).toBe(AttachmentErrorCode.FETCH_FAILED);
      expect(error.message).toContain('more than 3 redirects');
    });

    it('resolves host names through the guarded lookup and connects to the address it validated', async () => {
      const result = await safeFetch(`http://attachments.test:${server.port}/hello.txt`, {
        isAllowedAddress: onlyAddress('127.0.0.1'),
        resolveHost: async () => [{ address: '127.0.0.1', family: 4 }],
      });
      expect(result.body.toString()).toBe('hello, attachment');
    });
  });

  describe('refusals by default', () => {
    it.each([
      ['loopback 127.0.0.1', (s: LocalHttpServer) => `${s.origin}/hello.txt`],
      ['loopback in hex', (s: LocalHttpServer) => `http://0x7f.0.0.1:${s.port}/hello.txt`],
      ['IPv4-mapped loopback', (s: LocalHttpServer) => `http://[::ffff:127.0.0.1]:${s.port}/hello.txt`],
      ['localhost (by DNS)', (s: LocalHttpServer) => `http://localhost:${s.port}/hello.txt`],
      ['private 10.0.0.1', () => 'http://10.0.0.1/doc.txt'],
      ['private 192.168.1.1', () => 'https://192.168.1.1/doc.txt'],
      ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
      ['IPv6 loopback [::1]', () => 'http://[::1]/doc.txt'],
      ['IPv6 unique-local', () => 'http://[fd00::1]/doc.txt'],
      ['unspecified 0.0.0.0', (s: LocalHttpServer) => `http://0.0.0.0:${s.port}/hello.txt`],
      ['carrier-grade NAT', () => 'http://100.64.0.1/doc.txt'],
    ])('refuses %s before sending a request', async (_name, urlOf) => {
      const before = server.requestCount;
      const url = urlOf(server);
      const error = await fetchError(url);
      expect(error.code).toBe(AttachmentErrorCode.URL_REFUSED);
      expect(error).toMatchObject({ reason: 'address' });
      expect(error.message).toContain('ALLOW_PRIVATE_ATTACHMENT_URLS=true');
      expect(server.requestCount).toBe(before);
    });

    it('names the host and the address it resolved to', async () => {
      const error = await fetchError(`http://localhost:${server.port}/hello.txt`);
      expect(error.message).toMatch(/host localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/);
    });

    it('refuses a host name whose DNS answer includes a private address (rebinding)', async () => {
      const before = server.requestCount;
      const error = await fetchError(`http://rebind.test:${server.port}/hello.txt`, {
        resolveHost: async () => [
          { address: '93.184.216.34', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ],
      });
      expect(error.code).toBe(AttachmentErrorCode.URL_REFUSED);
      expect(error.message).toContain('resolves to 127.0.0.1');
      expect(server.requestCount).toBe(before);
    });

    it.each([
      ['file:///etc/passwd'],
      ['data:text/plain,hello'],
      ['ftp://example.com/file.txt'],
      ['gopher://example.com/'],
      ['javascript:alert(1)'],
    ])('refuses the scheme of %s', async (url) => {
      const error = await fetchError(url, { allowPrivate: true });
      expect(error.code).toBe(AttachmentErrorCode.URL_REFUSED);
      expect(error).toMatchObject({ reason: 'scheme' });
      expect(error.message).toContain('Only http: and https: URLs are fetched');
    });

    it('refuses a string that is not a URL', async () => {
      const error = await fetchError('not a url');
      expect(error).toMatchObject({ code: AttachmentErrorCode.URL_REFUSED, reason: 'invalid' });
    });

    it('keeps credentials out of the error message', async () => {
      const error = await fetchError('http://user:hunter2@10.0.0.1/doc.txt');
      expect(error.message).not.toContain('hunter2');
      expect(error.message).toContain('http://10.0.0.1/doc.txt');
    });
  });

  describe('redirects are re-validated on every hop', () => {
    const policy = { isAllowedAddress: onlyAddress('127.0.0.1') };

    it('refuses a redirect from an allowed host to a private one, without contacting it', async () => {
      const error = await fetchError(`${server.origin}/to-other`, policy);
      expect(error).toMatchObject({ code: AttachmentErrorCode.URL_REFUSED, reason: 'address' });
      expect(error.message).toContain(`${other.origin}/secret`);
      expect(error.message).toContain(`redirect from ${server.origin}/to-other`);
      expect(other.requestCount).toBe(0);
    });

    it('reaches the same target when the policy allows it (the refusal above is the policy, not the network)', async () => {
      const result = await safeFetch(`${server.origin}/to-other`, { allowPrivate: true });
      expect(result.body.toString()).toBe('internal secret');
      expect(result.finalUrl).toBe(`${other.origin}/secret`);
    });

    it.each([
      ['/to-metadata', 'address'],
      ['/to-mapped', 'address'],
      ['/to-file', 'scheme'],
    ])('refuses the redirect %s (%s)', async (path, reason) => {
      const error = await fetchError(`${server.origin}${path}`, policy);
      expect(error).toMatchObject({ code: AttachmentErrorCode.URL_REFUSED, reason });
    });

    it('refuses a redirect to file: even with allowPrivate', async () => {
      const error = await fetchError(`${server.origin}/to-file`, { allowPrivate: true });
      expect(error).toMatchObject({ code: AttachmentErrorCode.URL_REFUSED, reason: 'scheme' });
    });
  });

  describe('size limit', () => {
    it('stops reading an endless body once the limit is passed', async () => {
      let serverSawClose = false;
      let bytesWritten = 0;
      server.route('/endless', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(16 * 1024, 'a');
        const pump = (): void => {
          if (res.destroyed || bytesWritten > 64 * 1024 * 1024) return;
          bytesWritten += chunk.length;
          if (res.write(chunk)) setImmediate(pump);
          else res.once('drain', pump);
        };
        res.on('close', () => {
          serverSawClose = true;
        });
        pump();
      });
      const error = await fetchError(`${server.origin}/endless`, { allowPrivate: true, maxBytes: 100_000 });
      expect(error.code).toBe(AttachmentErrorCode.TOO_LARGE);
      expect(error.message).toContain('100000-byte limit');
      expect(error.message).toContain('ATTACHMENT_MAX_BYTES');
      await new Promise<void>((resolve) => {
        const poll = (): void => (serverSawClose ? resolve() : void setTimeout(poll, 5));
        poll();
      });
      // The connection was cut: the server never got to write its 64 MB.
      expect(bytesWritten).toBeLessThan(64 * 1024 * 1024);
    });

    it('refuses a declared Content-Length over the limit without reading the body', async () => {
      server.route('/declared-big', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(5 * 1024 * 1024) });
        res.write('x'); // and then nothing: safeFetch must not wait for the rest
      });
      const error = await fetchError(`${server.origin}/declared-big`, { allowPrivate: true, maxBytes: 1024 * 1024 });
      expect(error.code).toBe(AttachmentErrorCode.TOO_LARGE);
    });

    it('accepts a body of exactly the limit', async () => {
      server.route('/exact', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(1000)));
      const result = await safeFetch(`${server.origin}/exact`, { allowPrivate: true, maxBytes: 1000 });
      expect(result.body.length).toBe(1000);
    });
  });

  describe('timeout', () => {
    it('gives up on a server that sends headers and then stalls', async () => {
      server.route('/stall-body', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('partial');
      });
      const error = await fetchError(`${server.origin}/stall-body`, { allowPrivate: true, timeoutMs: 200 });
      expect(error.code).toBe(ErrorCode.TIMEOUT);
      expect(error.message).toContain(`${server.origin}/stall-body`);
      expect(error.message).toContain('ATTACHMENT_TIMEOUT_MS');
    });

    it('gives up on a server that never answers', async () => {
      server.route('/silent', () => undefined);
      const error = await fetchError(`${server.origin}/silent`, { allowPrivate: true, timeoutMs: 200 });
      expect(error.code).toBe(ErrorCode.TIMEOUT);
    });
  });

  describe('fetch failures', () => {
    it('reports an HTTP error status, retryable only for 429 and 5xx', async () => {
      const gone = await fetchError(`${server.origin}/gone`, { allowPrivate: true });
      expect(gone).toMatchObject({ code: AttachmentErrorCode.FETCH_FAILED, retryable: false });
      expect(gone.message).toContain('HTTP 410');
      const busy = await fetchError(`${server.origin}/busy`, { allowPrivate: true });
      expect(busy).toMatchObject({ code: AttachmentErrorCode.FETCH_FAILED, retryable: true });
    });

    it('treats a redirect without a Location as an error status', async () => {
      const error = await fetchError(`${server.origin}/missing-location`, { allowPrivate: true });
      expect(error.message).toContain('HTTP 302');
    });

    it('reports a refused connection as a retryable fetch failure', async () => {
      const closed = await startLocalHttpServer();
      const url = `${closed.origin}/x`;
      await closed.close();
      const error = await fetchError(url, { allowPrivate: true });
      expect(error).toMatchObject({ code: AttachmentErrorCode.FETCH_FAILED, retryable: true });
      expect(error.message).toContain('ECONNREFUSED');
    });

    it('stops when the caller aborts', async () => {
      server.route('/slow', () => undefined);
      const controller = new AbortController();
      const pending = fetchError(`${server.origin}/slow`, { allowPrivate: true, signal: controller.signal });
      setTimeout(() => controller.abort(), 20);
      const error = await pending;
      expect(error.code).toBe(AttachmentErrorCode.FETCH_FAILED);
      expect(error.message).toContain('aborted by the caller');
    });

    it('rejects nonsensical limits', async () => {
      await expect(safeFetch(`${server.origin}/hello.txt`, { maxBytes: 0 })).rejects.toThrow(RangeError);
      await expect(safeFetch(`${server.origin}/hello.txt`, { timeoutMs: -1 })).rejects.toThrow(RangeError);
    });
  });
});
