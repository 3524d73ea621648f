import {
  ContentType,
  stringToUuid,
  type IAgentRuntime,
  type ImageDescriptionParams,
  type Media,
  type Memory,
  type Plugin,
} from '@kith/core';
import { createCapturingLogger, createTestRuntime, type CapturingLogger } from '@kith/core/test';
import { startLocalHttpServer, type LocalHttpServer } from '../testing/local-http-server';
import { processAttachments } from './process-attachments';

type ImageScript = (params: ImageDescriptionParams) => Promise<unknown>;

/** A plugin serving IMAGE_DESCRIPTION from a script, recording each call. */
function imageModelPlugin(script: ImageScript): { plugin: Plugin; calls: ImageDescriptionParams[] } {
  const calls: ImageDescriptionParams[] = [];
  const plugin: Plugin = {
    name: 'scripted-vision',
    description: 'Scripted IMAGE_DESCRIPTION for tests',
    models: {
      IMAGE_DESCRIPTION: async (_runtime: IAgentRuntime, params: ImageDescriptionParams) => {
        calls.push(params);
        return script(params);
      },
    },
  };
  return { plugin, calls };
}

function messageWith(attachments: Media[]): Memory {
  return {
    id: stringToUuid(`message-${Math.random()}`),
    entityId: stringToUuid('user'),
    roomId: stringToUuid('room'),
    content: { text: 'look at these', attachments },
  };
}

describe('processAttachments', () => {
  let server: LocalHttpServer;
  let log: CapturingLogger;

  beforeAll(async () => {
    server = await startLocalHttpServer();
    server.route('/notes.txt', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Meeting notes: ship on Friday ✅'),
    );
    server.route('/readme.md', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end('# Title\n\nbody'),
    );
    server.route('/data.json', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}'),
    );
    server.route('/long.txt', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('abcdefghij'.repeat(10)),
    );
    server.route('/report.pdf', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7'),
    );
    server.route('/doc', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('a document of unknown type'),
    );
  });

  afterAll(() => server.close());

  beforeEach(() => {
    log = createCapturingLogger('debug');
  });

  const trusted = { ALLOW_PRIVATE_ATTACHMENT_URLS: true };

  it('describes an image with IMAGE_DESCRIPTION and imageDescriptionTemplate', async () => {
    const vision = imageModelPlugin(async () => ({
      title: 'A cat',
      description: 'An orange cat asleep on a keyboard.',
    }));
    const runtime = await createTestRuntime({ plugins: [vision.plugin], logger: log.logger });
    const message = messageWith([{ id: 'img', url: 'https://images.test/cat.png', contentType: 'image/png' }]);

    const result = await processAttachments(runtime, message);

    expect(vision.calls).toHaveLength(1);
    expect(vision.calls[0].imageUrl).toBe('https://images.test/cat.png');
    expect(vision.calls[0].prompt).toContain('Describe the image for Testy');
    expect(vision.calls[0].prompt).toContain('<description>');
    expect(result).toEqual([
      {
        id: 'img',
        url: 'https://images.test/cat.png',
        contentType: 'image/png',
        title: 'A cat',
        description: 'An orange cat asleep on a keyboard.',
        text: 'An orange cat asleep on a keyboard.',
      },
    ]);
    expect(message.content.attachments).toBe(result);
  });

  it('reads a model that answers with the template XML, or with plain prose', async () => {
    const answers = [
      '<response><title>Chart</title><description>A bar chart of sales.</description><text>Sales rose.</text></response>',
      'A photo of a mountain lake.',
    ];
    const vision = imageModelPlugin(async () => answers.shift());
    const runtime = await createTestRuntime({ plugins: [vision.plugin] });
    const result = await processAttachments(
      runtime,
      messageWith([
        { id: 'a', url: 'https://images.test/chart.webp', contentType: ContentType.IMAGE },
        { id: 'b', url: 'https://images.test/lake.JPG', title: 'lake.JPG' },
      ]),
      { concurrency: 1 },
    );
    expect(result[0]).toMatchObject({ title: 'Chart', description: 'A bar chart of sales.', text: 'Sales rose.' });
    expect(result[1]).toMatchObject({
      title: 'lake.JPG',
      description: 'A photo of a mountain lake.',
      text: 'A photo of a mountain lake.',
    });
  });

  it('honours a character override of imageDescriptionTemplate', async () => {
    const vision = imageModelPlugin(async () => ({ title: 't', description: 'd' }));
    const runtime = await createTestRuntime({ plugins: [vision.plugin] });
    runtime.character.templates = { imageDescriptionTemplate: 'Describe briefly for {{agentName}}.' };
    await processAttachments(runtime, messageWith([{ id: 'x', url: 'https://images.test/x.png' }]));
    expect(vision.calls[0].prompt).toBe('Describe briefly for Testy.');
  });

  it('fetches text documents (text/plain, markdown by extension, JSON) into attachment.text', async () => {
    const runtime = await createTestRuntime({ settings: trusted });
    const result = await processAttachments(
      runtime,
      messageWith([
        { id: 'notes', url: `${server.origin}/notes.txt`, contentType: 'text/plain' },
        { id: 'readme', url: `${server.origin}/readme.md`, contentType: ContentType.DOCUMENT },
        { id: 'json', url: `${server.origin}/data.json`, contentType: 'application/json', title: 'Data' },
        { id: 'doc', url: `${server.origin}/doc`, contentType: ContentType.DOCUMENT },
      ]),
    );
    expect(result.map((m) => [m.id, m.title, m.text])).toEqual([
      ['notes', 'notes.txt', 'Meeting notes: ship on Friday ✅'],
      ['readme', 'readme.md', '# Title\n\nbody'],
      ['json', 'Data', '{"a":1}'],
      ['doc', 'doc', 'a document of unknown type'],
    ]);
  });

  it('truncates long documents with a marker', async () => {
    const runtime = await createTestRuntime({ settings: trusted });
    const [long] = await processAttachments(
      runtime,
      messageWith([{ id: 'long', url: `${server.origin}/long.txt`, contentType: 'text/plain' }]),
      {
        maxTextChars: 25,
      },
    );
    expect(long.text).toBe('abcdefghijabcdefghijabcde\n[… truncated: showing the first 25 of 100 characters]');
  });

  it('leaves already processed attachments alone', async () => {
    const vision = imageModelPlugin(async () => ({ title: 'new', description: 'new' }));
    const runtime = await createTestRuntime({ plugins: [vision.plugin], settings: trusted });
    const described: Media = {
      id: 'd',
      url: 'https://images.test/a.png',
      contentType: 'image/png',
      description: 'already described',
    };
    const withText: Media = {
      id: 't',
      url: `${server.origin}/notes.txt`,
      contentType: 'text/plain',
      text: 'already read',
    };
    const before = server.hits.get('/notes.txt') ?? 0;
    const result = await processAttachments(runtime, messageWith([described, withText]));
    expect(result).toEqual([described, withText]);
    expect(vision.calls).toHaveLength(0);
    expect(server.hits.get('/notes.txt') ?? 0).toBe(before);
  });

  it('leaves images undescribed when no IMAGE_DESCRIPTION model is registered', async () => {
    const runtime = await createTestRuntime({ logger: log.logger });
    const image: Media = { id: 'i', url: 'https://images.test/a.png', contentType: 'image/png' };
    expect(await processAttachments(runtime, messageWith([image]))).toEqual([image]);
    expect(log.messages('warn')).toEqual([]);
  });

  it('keeps going when one attachment fails: each failure is logged with its URL and reason', async () => {
    const vision = imageModelPlugin(async (params) => {
      if (params.imageUrl.includes('broken')) throw new Error('vision quota exceeded');
      return { title: 'ok', description: 'a fine picture' };
    });
    const runtime = await createTestRuntime({ plugins: [vision.plugin], settings: trusted, logger: log.logger });
    const missing: Media = { id: 'missing', url: `${server.origin}/nope.txt`, contentType: 'text/plain' };
    const broken: Media = { id: 'broken', url: 'https://images.test/broken.png', contentType: 'image/png' };
    const pdf: Media = { id: 'pdf', url: `${server.origin}/report.pdf`, contentType: ContentType.DOCUMENT };
    const local: Media = { id: 'local', url: 'file:///etc/passwd', contentType: 'text/plain' };

    const result = await processAttachments(
      runtime,
      messageWith([
        missing,
        { id: 'good-image', url: 'https://images.test/fine.png', contentType: 'image/png' },
        broken,
        pdf,
        local,
        { id: 'good-text', url: `${server.origin}/notes.txt`, contentType: 'text/plain' },
      ]),
    );

    expect(result.map((m) => m.id)).toEqual(['missing', 'good-image', 'broken', 'pdf', 'local', 'good-text']);
    expect(result[0]).toBe(missing);
    expect(result[1]).toMatchObject({ description: 'a fine picture' });
    expect(result[2]).toBe(broken);
    expect(result[3]).toBe(pdf);
    expect(result[4]).toBe(local);
    expect(result[5]).toMatchObject({ text: 'Meeting notes: ship on Friday ✅' });

    // One warning per failed attachment (useModel also warns, naming the IMAGE_DESCRIPTION handler that threw).
    const warnings = log.entries.filter((entry) => entry.level === 'warn' && entry.attachmentId);
    expect(warnings.map((w) => [w.attachmentId, w.code])).toEqual(
      expect.arrayContaining([
        ['missing', 'KITH_ATTACHMENT_FETCH_FAILED'],
        ['broken', undefined],
        ['pdf', 'KITH_ATTACHMENT_FETCH_FAILED'],
        ['local', 'KITH_ATTACHMENT_URL_REFUSED'],
      ]),
    );
    expect(warnings).toHaveLength(4);
    const missingWarning = warnings.find((w) => w.attachmentId === 'missing');
    expect(missingWarning?.msg).toContain(`${server.origin}/nope.txt`);
    expect(missingWarning?.msg).toContain('HTTP 404');
    expect(warnings.find((w) => w.attachmentId === 'broken')?.msg).toContain('vision quota exceeded');
    expect(warnings.find((w) => w.attachmentId === 'pdf')?.msg).toContain('application/pdf, not a text document');
  });

  it('refuses private URLs by default and says which setting allows them', async () => {
    const runtime = await createTestRuntime({ logger: log.logger });
    const before = server.requestCount;
    const doc: Media = { id: 'doc', url: `${server.origin}/notes.txt`, contentType: 'text/plain' };
    expect(await processAttachments(runtime, messageWith([doc]))).toEqual([doc]);
    expect(server.requestCount).toBe(before);
    const [warning] = log.entries.filter((entry) => entry.level === 'warn');
    expect(warning).toMatchObject({ code: 'KITH_ATTACHMENT_URL_REFUSED', url: `${server.origin}/notes.txt` });
    expect(warning.msg).toContain('ALLOW_PRIVATE_ATTACHMENT_URLS=true');
  });

  it('reads ATTACHMENT_MAX_BYTES from the settings', async () => {
    // A generous time limit: only the size may refuse this one, however loaded the machine is.
    const runtime = await createTestRuntime({
      settings: { ...trusted, ATTACHMENT_MAX_BYTES: '10', ATTACHMENT_TIMEOUT_MS: 60_000 },
      logger: log.logger,
    });
    await processAttachments(
      runtime,
      messageWith([{ id: 'big', url: `${server.origin}/notes.txt`, contentType: 'text/plain' }]),
    );
    const codes = Object.fromEntries(
      log.entries.filter((e) => e.level === 'warn').map((e) => [e.attachmentId, e.code]),
    );
    expect(codes).toEqual({ big: 'KITH_ATTACHMENT_TOO_LARGE' });
  });

  it('reads ATTACHMENT_TIMEOUT_MS from the settings', async () => {
    server.route('/stall', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
    });
    const runtime = await createTestRuntime({
      settings: { ...trusted, ATTACHMENT_TIMEOUT_MS: 150 },
      logger: log.logger,
    });
    await processAttachments(
      runtime,
      messageWith([{ id: 'slow', url: `${server.origin}/stall`, contentType: 'text/plain' }]),
    );
    const codes = Object.fromEntries(
      log.entries.filter((e) => e.level === 'warn').map((e) => [e.attachmentId, e.code]),
    );
    expect(codes).toEqual({ slow: 'KITH_TIMEOUT' });
  });

  it('works on at most `concurrency` attachments at once, keeping their order', async () => {
    let inFlight = 0;
    let peak = 0;
    const vision = imageModelPlugin(async (params) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return { title: 't', description: `described ${params.imageUrl}` };
    });
    const runtime = await createTestRuntime({ plugins: [vision.plugin] });
    const images = Array.from({ length: 7 }, (_, i): Media => ({
      id: `i${i}`,
      url: `https://images.test/${i}.png`,
      contentType: 'image/png',
    }));
    const result = await processAttachments(runtime, messageWith(images), { concurrency: 2 });
    expect(peak).toBe(2);
    expect(result.map((m) => m.description)).toEqual(images.map((m) => `described ${m.url}`));
  });

  it('gives up on an image model that hangs, without failing the rest', async () => {
    const vision = imageModelPlugin((params) =>
      params.imageUrl.includes('hang')
        ? new Promise(() => undefined)
        : Promise.resolve({ title: 't', description: 'quick' }),
    );
    const runtime = await createTestRuntime({ plugins: [vision.plugin], logger: log.logger });
    const result = await processAttachments(
      runtime,
      messageWith([
        { id: 'hang', url: 'https://images.test/hang.png', contentType: 'image/png' },
        { id: 'quick', url: 'https://images.test/quick.png', contentType: 'image/png' },
      ]),
      { imageDescriptionTimeoutMs: 100 },
    );
    expect(result[0].description).toBeUndefined();
    expect(result[1].description).toBe('quick');
    expect(log.entries.find((e) => e.level === 'warn')).toMatchObject({ attachmentId: 'hang', code: 'KITH_TIMEOUT' });
  });

  it('does not hand file: image URLs to the model', async () => {
    const vision = imageModelPlugin(async () => ({ title: 't', description: 'd' }));
    const runtime = await createTestRuntime({ plugins: [vision.plugin], logger: log.logger });
    await processAttachments(
      runtime,
      messageWith([{ id: 'f', url: 'file:///home/me/photo.png', contentType: 'image/png' }]),
    );
    expect(vision.calls).toHaveLength(0);
    expect(log.entries.find((e) => e.level === 'warn')).toMatchObject({ code: 'KITH_ATTACHMENT_URL_REFUSED' });
  });

  it('returns [] and leaves the message alone when it has no attachments', async () => {
    const runtime = await createTestRuntime();
    const message = messageWith([]);
    delete message.content.attachments;
    expect(await processAttachments(runtime, message)).toEqual([]);
    expect(message.content.attachments).toBeUndefined();
  });

  it('leaves other kinds (audio, video) untouched', async () => {
    const runtime = await createTestRuntime({ settings: trusted });
    const audio: Media = { id: 'a', url: `${server.origin}/voice.ogg`, contentType: ContentType.AUDIO };
    const before = server.requestCount;
    expect(await processAttachments(runtime, messageWith([audio]))).toEqual([audio]);
    expect(server.requestCount).toBe(before);
  });
});
