import { KithError } from '@kith/core';
import fc from 'fast-check';
import { startLocalHttpServer, type LocalHttpServer } from '../testing/local-http-server';
import { classifyAddress } from './address-policy';
import { safeFetch, type SafeFetchOptions } from './safe-fetch';
import { AttachmentErrorCode } from './errors';

const SETTINGS = { seed: 20261125, numRuns: 200 };

async function fetchError(url: string, options?: SafeFetchOptions): Promise<KithError> {
  const error: unknown = await safeFetch(url, options).then(
    (result) => new Error(`expected a refusal, got HTTP ${result.status} from ${result.finalUrl}`),
    (reason: unknown) => reason,
  );
  if (!KithError.isInstance(error)) throw error;
  return error;
}

/** IPv4 ranges that must never be fetched by default, as [first address, prefix length]. */
const NON_PUBLIC_V4: [string, number][] = [
  ['127.0.0.0', 8], // loopback
  ['10.0.0.0', 8], // private
  ['172.16.0.0', 12], // private
  ['192.168.0.0', 16], // private
  ['169.254.0.0', 16], // link-local, incl. 169.254.169.254 (cloud metadata)
  ['0.0.0.0', 8], // "this network": 0.0.0.0 connects to the local host
  ['100.64.0.0', 10], // carrier-grade NAT
];

const toInt = (dotted: string) => dotted.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
const octets = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** An address inside one of the non-public ranges, as a 32-bit number. */
const nonPublicV4 = fc
  .constantFrom(...NON_PUBLIC_V4)
  .chain(([base, prefix]) => fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((offset) => toInt(base) + offset));

/**
 * Every way the WHATWG URL parser (and inet_aton before it) reads an IPv4
 * host: dotted decimal, one 32-bit number in decimal, hex or octal, dotted
 * hex or octal octets with any zero padding, and the 2- and 3-part forms
 * (127.1, 10.0.1) whose last part fills the remaining bytes.
 */
const spellings: ((n: number, pad: number) => string)[] = [
  (n) => octets(n).join('.'),
  (n) => String(n),
  (n) => `0x${n.toString(16)}`,
  (n) => `0X${n.toString(16).toUpperCase()}`,
  (n, pad) => `0${'0'.repeat(pad)}${n.toString(8)}`,
  (n, pad) =>
    octets(n)
      .map((o) => `0x${'0'.repeat(pad)}${o.toString(16)}`)
      .join('.'),
  (n, pad) =>
    octets(n)
      .map((o) => `0${'0'.repeat(pad)}${o.toString(8)}`)
      .join('.'),
  (n) => `${n >>> 24}.${n & 0xffffff}`,
  (n) => `${n >>> 24}.${(n >>> 16) & 255}.${n & 0xffff}`,
  (n, pad) =>
    `0x${(n >>> 24).toString(16)}.0${'0'.repeat(pad)}${((n >>> 16) & 255).toString(8)}.${(n >>> 8) & 255}.${n & 255}`,
  (n) => `${octets(n).join('.')}.`, // trailing dot
];
const spelled = fc
  .tuple(nonPublicV4, fc.integer({ min: 0, max: spellings.length - 1 }), fc.integer({ min: 0, max: 3 }))
  .map(([n, which, pad]) => ({ n, host: spellings[which](n, pad) }));

describe('safeFetch refuses every non-public address, in any spelling, by default', () => {
  let internal: LocalHttpServer;
  let allowed: LocalHttpServer;

  beforeAll(async () => {
    // The private target: if any refusal below failed, the request would land here and be counted.
    internal = await startLocalHttpServer('127.0.0.1');
    internal.route('/secret', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret'),
    );
    // "An allowed host" (the policy below allows exactly this address), which redirects.
    allowed = await startLocalHttpServer('127.0.0.2');
    allowed.route('/redirect', (req, res) => {
      const params = new URL(req.url ?? '/', 'http://x').searchParams;
      res.writeHead(Number(params.get('status')), { location: params.get('to') ?? '/' }).end();
    });
    allowed.route('/ok.txt', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('public text'));
  });

  afterAll(async () => {
    await internal.close();
    await allowed.close();
  });

  it('property: a loopback, private, link-local, CGNAT or 0.x IPv4 address in any spelling is refused before connecting', async () => {
    const before = internal.requestCount;
    await fc.assert(
      fc.asyncProperty(spelled, fc.constantFrom('http', 'https'), async ({ n, host }, scheme) => {
        const url = `${scheme}://${host}:${internal.port}/secret`;
        // The URL parser reads the spelling back as the same address: the policy sees the real one.
        expect(new URL(url).hostname).toBe(octets(n).join('.'));
        const error = await fetchError(url);
        expect([url, error.code, (error as KithError & { reason?: string }).reason]).toEqual([
          url,
          AttachmentErrorCode.URL_REFUSED,
          'address',
        ]);
      }),
      SETTINGS,
    );
    expect(internal.requestCount).toBe(before);
  });

  it('property: the same addresses IPv4-mapped in IPv6 ([::ffff:a.b.c.d], [::ffff:hhhh:hhhh]) are refused', async () => {
    await fc.assert(
      fc.asyncProperty(nonPublicV4, fc.boolean(), async (n, hex) => {
        const mapped = hex
          ? `::ffff:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`
          : `::ffff:${octets(n).join('.')}`;
        expect(classifyAddress(mapped)).not.toBe('unicast');
        const error = await fetchError(`http://[${mapped}]:${internal.port}/secret`);
        expect([mapped, (error as KithError & { reason?: string }).reason]).toEqual([mapped, 'address']);
      }),
      { ...SETTINGS, numRuns: 100 },
    );
  });

  it.each([
    ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/secret`],
    ['localhost', (port: number) => `http://localhost:${port}/secret`],
    ['[::1]', (port: number) => `http://[::1]:${port}/secret`],
    ['10.x', () => 'http://10.1.2.3/secret'],
    ['172.16.x', () => 'http://172.16.5.4/secret'],
    ['172.31.x', () => 'http://172.31.255.254/secret'],
    ['192.168.x', () => 'http://192.168.0.1/secret'],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
    ['0.0.0.0', (port: number) => `http://0.0.0.0:${port}/secret`],
    ['::ffff:127.0.0.1', (port: number) => `http://[::ffff:127.0.0.1]:${port}/secret`],
    ['decimal 2130706433', (port: number) => `http://2130706433:${port}/secret`],
    ['hex 0x7f000001', (port: number) => `http://0x7f000001:${port}/secret`],
    ['octal 0177.0.0.1', (port: number) => `http://0177.0.0.1:${port}/secret`],
    ['short 127.1', (port: number) => `http://127.1:${port}/secret`],
  ])('refuses %s without contacting it', async (_name, urlOf) => {
    const before = internal.requestCount;
    const error = await fetchError(urlOf(internal.port));
    expect(error).toMatchObject({ code: AttachmentErrorCode.URL_REFUSED, reason: 'address' });
    expect(error.message).toContain('ALLOW_PRIVATE_ATTACHMENT_URLS=true');
    expect(internal.requestCount).toBe(before);
  });

  it.each([
    ['file:///etc/passwd'],
    ['data:text/plain;base64,aGk='],
    ['ftp://127.0.0.1/x'],
    ['gopher://127.0.0.1:70/_x'],
    ['ws://127.0.0.1/x'],
    ['blob:http://x/1'],
  ])('refuses the scheme of %s, even with allowPrivate', async (url) => {
    for (const options of [undefined, { allowPrivate: true }]) {
      const error = await fetchError(url, options);
      expect(error).toMatchObject({ code: AttachmentErrorCode.URL_REFUSED, reason: 'scheme' });
    }
  });

  describe('redirects (301, 302, 303, 307, 308) from an allowed host', () => {
    const policy: SafeFetchOptions = { isAllowedAddress: (address) => address === '127.0.0.2' };
    const targets = (port: number): [string, string, string][] => [
      ['127.0.0.1', `http://127.0.0.1:${port}/secret`, 'address'],
      ['localhost', `http://localhost:${port}/secret`, 'address'],
      ['[::1]', `http://[::1]:${port}/secret`, 'address'],
      ['10.x', 'http://10.0.0.1/secret', 'address'],
      ['172.16.x', 'http://172.16.0.1/secret', 'address'],
      ['192.168.x', 'http://192.168.1.1/secret', 'address'],
      ['169.254.169.254', 'http://169.254.169.254/latest/meta-data/', 'address'],
      ['0.0.0.0', `http://0.0.0.0:${port}/secret`, 'address'],
      ['::ffff:127.0.0.1', `http://[::ffff:127.0.0.1]:${port}/secret`, 'address'],
      ['decimal', `http://2130706433:${port}/secret`, 'address'],
      ['hex', `http://0x7f000001:${port}/secret`, 'address'],
      ['octal', `http://0177.0.0.1:${port}/secret`, 'address'],
      ['file:', 'file:///etc/passwd', 'scheme'],
      ['data:', 'data:text/plain,hi', 'scheme'],
      ['ftp:', 'ftp://10.0.0.1/x', 'scheme'],
      ['gopher:', 'gopher://127.0.0.1:70/_x', 'scheme'],
    ];

    it('refuses every status to every private or non-http target, naming the redirect, without contacting the target', async () => {
      const before = internal.requestCount;
      let cases = 0;
      for (const status of [301, 302, 303, 307, 308]) {
        for (const [name, to, reason] of targets(internal.port)) {
          const start = `${allowed.origin}/redirect?status=${status}&to=${encodeURIComponent(to)}`;
          const error = await fetchError(start, policy);
          expect([status, name, error.code, (error as KithError & { reason?: string }).reason]).toEqual([
            status,
            name,
            AttachmentErrorCode.URL_REFUSED,
            reason,
          ]);
          expect(error.message).toContain('reached by redirect from');
          cases += 1;
        }
      }
      expect(cases).toBe(5 * 16);
      expect(internal.requestCount).toBe(before);
    });

    it('follows the same redirects with allowPrivate (ALLOW_PRIVATE_ATTACHMENT_URLS=true): the refusals are the policy', async () => {
      for (const status of [301, 302, 307, 308]) {
        for (const to of [
          `http://127.0.0.1:${internal.port}/secret`,
          `http://2130706433:${internal.port}/secret`,
          `http://0x7f000001:${internal.port}/secret`,
        ]) {
          const result = await safeFetch(`${allowed.origin}/redirect?status=${status}&to=${encodeURIComponent(to)}`, {
            allowPrivate: true,
          });
          expect([status, to, result.body.toString()]).toEqual([status, to, 'internal secret']);
        }
      }
    });

    it('property: a redirect to any non-public IPv4 spelling is refused', async () => {
      const before = internal.requestCount;
      await fc.assert(
        fc.asyncProperty(spelled, fc.constantFrom(301, 302, 303, 307, 308), async ({ host }, status) => {
          const to = `http://${host}:${internal.port}/secret`;
          const error = await fetchError(
            `${allowed.origin}/redirect?status=${status}&to=${encodeURIComponent(to)}`,
            policy,
          );
          expect([to, (error as KithError & { reason?: string }).reason]).toEqual([to, 'address']);
        }),
        { ...SETTINGS, numRuns: 60 },
      );
      expect(internal.requestCount).toBe(before);
    });
  });
});
