import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from './error-codes';
import {
  AttachmentFetchError,
  AttachmentTooLargeError,
  AttachmentUrlRefusedError,
  CharacterValidationError,
  ConfigValidationError,
  DatabaseAdapterMissingError,
  EmbeddingDimensionMismatchError,
  ModelHandlerMissingError,
  PluginDependencyCycleError,
  PluginDependencyMissingError,
  PluginInitError,
  PluginInitTimeoutError,
  QueueDisposedError,
  ModelOutputInvalidError,
  ModelTimeoutError,
  PluginNotFoundError,
  PluginValidationError,
  TimeoutError,
  RequestValidationError,
  UnauthorizedError,
  AgentNotFoundError,
  ResourceNotFoundError,
  AgentNotRunningError,
  AgentAlreadyRegisteredError,
  RateLimitedError,
  PayloadTooLargeError,
  InternalServerError,
} from './errors';
import { KithError } from './kith-error';

/** One instance of every concrete error, keyed by the code it must carry. */
const samples: [KithError, string][] = [
  [new CharacterValidationError('eliza.json', ['name is required', 'bio is required']), ErrorCode.CHARACTER_INVALID],
  [new PluginValidationError('plugin-x', 'has no name'), ErrorCode.PLUGIN_INVALID],
  [new PluginDependencyMissingError('plugin-a', 'plugin-b'), ErrorCode.PLUGIN_DEPENDENCY_MISSING],
  [new PluginDependencyCycleError(['a', 'b', 'a']), ErrorCode.PLUGIN_DEPENDENCY_CYCLE],
  [new PluginInitTimeoutError('plugin-slow', 5000), ErrorCode.PLUGIN_INIT_TIMEOUT],
  [new PluginInitError('plugin-bad', new Error('boom')), ErrorCode.PLUGIN_INIT_FAILED],
  [new PluginNotFoundError('@kith/plugin-nope'), ErrorCode.PLUGIN_NOT_FOUND],
  [new ModelHandlerMissingError('TEXT_LARGE'), ErrorCode.MODEL_HANDLER_MISSING],
  [new DatabaseAdapterMissingError(), ErrorCode.DATABASE_ADAPTER_MISSING],
  [new EmbeddingDimensionMismatchError(384, 1536), ErrorCode.EMBEDDING_DIMENSION_MISMATCH],
  [new ConfigValidationError('plugin-openai', ['OPENAI_API_KEY: missing']), ErrorCode.CONFIG_INVALID],
  [new TimeoutError('provider FACTS', 30000), ErrorCode.TIMEOUT],
  [new QueueDisposedError('embeddings'), ErrorCode.QUEUE_DISPOSED],
  [new ModelOutputInvalidError('TEXT_EMBEDDING', 'expected a vector'), ErrorCode.MODEL_OUTPUT_INVALID],
  [new ModelTimeoutError('TEXT_LARGE', 'openai', 120000), ErrorCode.MODEL_TIMEOUT],
  [new AttachmentUrlRefusedError('http://10.0.0.1/a.txt', 'address', 'host 10.0.0.1 is a private address'), ErrorCode.ATTACHMENT_URL_REFUSED],
  [new AttachmentTooLargeError('https://example.com/big.txt', 1048576), ErrorCode.ATTACHMENT_TOO_LARGE],
  [new AttachmentFetchError('https://example.com/a.txt', 'HTTP 404'), ErrorCode.ATTACHMENT_FETCH_FAILED],
  [new RequestValidationError('body.text', 'Required'), ErrorCode.REQUEST_INVALID],
  [new UnauthorizedError(), ErrorCode.UNAUTHORIZED],
  [new AgentNotFoundError('00000000-0000-0000-0000-000000000000'), ErrorCode.AGENT_NOT_FOUND],
  [new ResourceNotFoundError('memory', 'm1'), ErrorCode.RESOURCE_NOT_FOUND],
  [new AgentNotRunningError('a1', 'Eliza'), ErrorCode.AGENT_NOT_RUNNING],
  [new AgentAlreadyRegisteredError('a1', 'Eliza'), ErrorCode.AGENT_ALREADY_REGISTERED],
  [new RateLimitedError(100, 60000, 1500), ErrorCode.RATE_LIMITED],
  [new PayloadTooLargeError(1048576), ErrorCode.PAYLOAD_TOO_LARGE],
  [new InternalServerError('req-1'), ErrorCode.INTERNAL],
];

describe('KithError', () => {
  it('keeps code, message, name and retryable', () => {
    const error = new KithError('KITH_CUSTOM', 'something broke', { retryable: true });
    expect(error.code).toBe('KITH_CUSTOM');
    expect(error.message).toBe('something broke');
    expect(error.name).toBe('KithError');
    expect(error.retryable).toBe(true);
    expect(new KithError('X', 'y').retryable).toBe(false);
    expect(error).toBeInstanceOf(Error);
  });

  it('keeps the cause', () => {
    const cause = new Error('root cause');
    expect(new KithError('X', 'wrapped', { cause }).cause).toBe(cause);
    expect(new KithError('X', 'plain').cause).toBeUndefined();
    expect('cause' in new KithError('X', 'plain')).toBe(false);
  });

  it('isInstance recognises a copy from another module instance by its marker', () => {
    // What a second copy of @kith/core would produce: a different class, the same Symbol.for marker.
    const marker = Symbol.for('kith.error');
    class OtherCopyError extends Error {
      readonly [marker] = true;
      readonly code = ErrorCode.TIMEOUT;
    }
    const copy = new OtherCopyError('from another copy');
    expect(copy instanceof KithError).toBe(false);
    expect(KithError.isInstance(copy)).toBe(true);
    expect(KithError.hasCode(copy, ErrorCode.TIMEOUT)).toBe(true);
    expect(KithError.isInstance({ [Symbol.for('kith.error')]: true, code: 'X' })).toBe(true);
  });

  it.each([new Error('plain'), { code: 'KITH_TIMEOUT' }, { [Symbol.for('kith.error')]: 'yes' }, null, undefined, 'KITH_TIMEOUT', 42])(
    'isInstance rejects %p',
    (value) => {
      expect(KithError.isInstance(value)).toBe(false);
    },
  );

  it('hasCode checks the code', () => {
    const error = new TimeoutError('x', 1);
    expect(KithError.hasCode(error, ErrorCode.TIMEOUT)).toBe(true);
    expect(KithError.hasCode(error, ErrorCode.CONFIG_INVALID)).toBe(false);
    expect(KithError.hasCode(new Error('x'), ErrorCode.TIMEOUT)).toBe(false);
  });
});

describe('error classes', () => {
  it('covers every catalogue code with a sample', () => {
    expect(new Set(samples.map(([, code]) => code))).toEqual(new Set(Object.values(ErrorCode)));
  });

  it.each(samples.map(([error, code]) => [error.name, error, code] as const))('%s carries its code', (_name, error, code) => {
    expect(error.code).toBe(code);
    expect(KithError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(KithError);
    expect(error.name).toBe(error.constructor.name);
    expect(error.message.length).toBeGreaterThan(0);
  });

  it('marks timeouts retryable and validation errors not', () => {
    expect(new PluginInitTimeoutError('p', 1).retryable).toBe(true);
    expect(new TimeoutError('t', 1).retryable).toBe(true);
    expect(new ConfigValidationError('s', []).retryable).toBe(false);
  });

  it('PluginInitError keeps the original error as cause and in the message', () => {
    const cause = new Error('missing API key');
    const error = new PluginInitError('plugin-openai', cause);
    expect(error.cause).toBe(cause);
    expect(error.message).toContain('missing API key');
    expect(new PluginInitError('p', 'a string').message).toContain('a string');
  });

  it('messages say what to do', () => {
    expect(new PluginDependencyMissingError('a', 'b').message).toMatch(/Add "b"/);
    expect(new PluginNotFoundError('pkg').message).toMatch(/npm install pkg/);
    expect(new ConfigValidationError('plugin-x', ['A: missing', 'B: bad']).message).toBe(
      'Invalid configuration for plugin-x:\n  - A: missing\n  - B: bad',
    );
    expect(new PluginDependencyCycleError(['a', 'b', 'a']).message).toContain('a -> b -> a');
    expect(new AttachmentUrlRefusedError('http://10.0.0.1/', 'address', 'private').message).toMatch(/ALLOW_PRIVATE_ATTACHMENT_URLS=true/);
    expect(new AttachmentUrlRefusedError('file:///etc/passwd', 'scheme', 'scheme file:').message).not.toMatch(/ALLOW_PRIVATE/);
    expect(new AttachmentTooLargeError('u', 10).message).toMatch(/ATTACHMENT_MAX_BYTES/);
  });

  it('exposes the structured fields', () => {
    const config = new ConfigValidationError('scope', ['p']);
    expect(config.scope).toBe('scope');
    expect(config.problems).toEqual(['p']);
    const dims = new EmbeddingDimensionMismatchError(384, 768);
    expect([dims.expected, dims.actual]).toEqual([384, 768]);
  });
});

describe('docs/errors.md', () => {
  const doc = readFileSync(path.resolve(__dirname, '../../../../docs/errors.md'), 'utf8');
  // The first cell of each table row: | `KITH_...` | ...
  const documented = [...doc.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((match) => match[1]);
  const catalogue = Object.values(ErrorCode) as string[];

  it('lists every code in the catalogue', () => {
    expect(catalogue.filter((code) => !documented.includes(code))).toEqual([]);
  });

  it('lists no code that is not in the catalogue', () => {
    expect(documented.filter((code) => !catalogue.includes(code))).toEqual([]);
  });

  it('lists each code once', () => {
    expect(documented.length).toBe(new Set(documented).size);
  });

  it('names the class that throws each code', () => {
    for (const [error, code] of samples) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${code}\``));
      expect(row).toContain(`\`${error.name}\``);
    }
  });
});
