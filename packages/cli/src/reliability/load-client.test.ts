import { parseLoadArgs } from './load-client';

describe('load client arguments', () => {
  it('takes one server, or several (a fleet) with --retry-elsewhere', () => {
    expect(parseLoadArgs(['--url', 'http://127.0.0.1:3000'], {})).toMatchObject({
      url: 'http://127.0.0.1:3000',
      urls: ['http://127.0.0.1:3000'],
      retryElsewhere: false,
      rooms: 100,
    });
    const fleet = parseLoadArgs(
      ['--url', 'http://a:3000', '--url', 'http://b:3000', '--retry-elsewhere', '--rooms', '3'],
      {},
    );
    expect(fleet).toMatchObject({
      url: 'http://a:3000',
      urls: ['http://a:3000', 'http://b:3000'],
      retryElsewhere: true,
      rooms: 3,
    });
    expect(parseLoadArgs([], { KITH_LOAD_URL: 'http://c:1' })).toMatchObject({
      url: 'http://c:1',
      urls: ['http://c:1'],
    });
    expect(() => parseLoadArgs(['--url', 'ftp://x'], {})).toThrow(/--url/);
  });
});
