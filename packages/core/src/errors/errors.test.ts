import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from './error-codes';
import {
  AgentNotFoundError,
  AgentNotRunningError,
  BudgetExceededError,
  CharacterValidationError,
  ConfigValidationError,
  DatabaseAdapterMissingError,
  EmbeddingDimensionMismatchError,
  ModelHandlerMissingError,
  ModelOutputInvalidError,
  ModelTimeoutError,
  PluginDependencyCycleError,
  PluginDependencyMissingError,
  PluginInitError,
  PluginInitTimeoutError,
  PluginNotFoundError,
  PluginLoadError,
  PluginForeignCoreError,
  MessageServiceMissingError,
  PluginValidationError,
  QueueDisposedError,
  RoomLeaseLostError,
  SendHandlerMissingError,
  ServiceStartError,
  TimeoutError,
} from '.';
import { KithError } from './kith-error';
import { PluginAutoInstallUnsupportedError } from './plugin-auto-install-unsupported-error';

/** One instance of every concrete error, keyed by the code it must carry. */
const samples: [KithError, string][] = [
  [new CharacterValidationError('eliza.json', ['name is required', 'bio is required']), ErrorCode.CHARACTER_INVALID],
  [new PluginValidationError('plugin-x', 'has no name'), ErrorCode.PLUGIN_INVALID],
  [new PluginDependencyMissingError('plugin-a', 'plugin-b'), ErrorCode.PLUGIN_DEPENDENCY_MISSING],
  [new PluginAutoInstallUnsupportedError('@acme/plugin-x'), ErrorCode.PLUGIN_AUTO_INSTALL_UNSUPPORTED],
  [new PluginDependencyCycleError(['a', 'b', 'a']), ErrorCode.PLUGIN_DEPENDENCY_CYCLE],
  [new PluginInitTimeoutError('plugin-slow', 5000), ErrorCode.PLUGIN_INIT_TIMEOUT],
  [new PluginInitError('plugin-bad', new Error('boom')), ErrorCode.PLUGIN_INIT_FAILED],
  [new ServiceStartError('twitter', 'plugin-twitter', new Error('401')), ErrorCode.SERVICE_START_FAILED],
  [new PluginNotFoundError('@kith/plugin-nope'), ErrorCode.PLUGIN_NOT_FOUND],
  [new PluginLoadError('@acme/plugin', '/p/dist/index.js', new Error('boom')), ErrorCode.PLUGIN_LOAD_FAILED],
  [
    new PluginForeignCoreError(
      '@elizaos/plugin-x',
      'node_modules/@elizaos/core',
      '1.7.2',
      '"overrides": {"@elizaos/core": "npm:@kith/core@0.1.0"}',
    ),
    ErrorCode.PLUGIN_FOREIGN_CORE,
  ],
  [new MessageServiceMissingError('agent-1'), ErrorCode.MESSAGE_SERVICE_MISSING],
  [new ModelHandlerMissingError('TEXT_LARGE'), ErrorCode.MODEL_HANDLER_MISSING],
  [new DatabaseAdapterMissingError(), ErrorCode.DATABASE_ADAPTER_MISSING],
  [new EmbeddingDimensionMismatchError(384, 1536), ErrorCode.EMBEDDING_DIMENSION_MISMATCH],
  [new ConfigValidationError('plugin-openai', ['OPENAI_API_KEY: missing']), ErrorCode.CONFIG_INVALID],
  [new TimeoutError('provider FACTS', 30000), ErrorCode.TIMEOUT],
  [new QueueDisposedError('embeddings'), ErrorCode.QUEUE_DISPOSED],
  [new ModelOutputInvalidError('TEXT_EMBEDDING', 'expected a vector'), ErrorCode.MODEL_OUTPUT_INVALID],
  [new ModelTimeoutError('TEXT_LARGE', 'openai', 120000), ErrorCode.MODEL_TIMEOUT],
  [new BudgetExceededError('TEXT_LARGE', 5, 'Back tomorrow.'), ErrorCode.BUDGET_EXCEEDED],
  [new AgentNotFoundError('00000000-0000-0000-0000-000000000000'), ErrorCode.AGENT_NOT_FOUND],
  [new AgentNotRunningError('a1', 'Eliza'), ErrorCode.AGENT_NOT_RUNNING],
  [new RoomLeaseLostError('r1', 's1'), ErrorCode.ROOM_LEASE_LOST],
  [new SendHandlerMissingError('discord'), ErrorCode.SEND_HANDLER_MISSING],
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

  it.each([
    new Error('plain'),
    { code: 'KITH_TIMEOUT' },
    { [Symbol.for('kith.error')]: 'yes' },
    null,
    undefined,
    'KITH_TIMEOUT',
    42,
  ])('isInstance rejects %p', (value) => {
    expect(KithError.isInstance(value)).toBe(false);
  });

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

  it.each(samples.map(([error, code]) => [error.name, error, code] as const))(
    '%s carries its code',
    (_name, error, code) => {
      expect(error.code).toBe(code);
      expect(KithError.isInstance(error)).toBe(true);
      expect(error).toBeInstanceOf(KithError);
      expect(error.name).toBe(error.constructor.name);
      expect(error.message.length).toBeGreaterThan(0);
    },
  );

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
    expect(new SendHandlerMissingError('discord').message).toMatch(/registerSendHandler\("discord"/);
  });

  it('exposes the structured fields', () => {
    const config = new ConfigValidationError('scope', ['p']);
    expect(config.scope).toBe('scope');
    expect(config.problems).toEqual(['p']);
    const dims = new EmbeddingDimensionMismatchError(384, 768);
    expect([dims.expected, dims.actual]).toEqual([384, 768]);
  });
});

describe('each error class', () => {
  // A second copy of the errors module, as a second install of @kith/core would give: other classes, the same markers.
  let copy: Record<string, { isInstance(error: unknown): boolean }> = {};
  jest.isolateModules(() => {
    copy = jest.requireActual<Record<string, { isInstance(error: unknown): boolean }>>('./index');
  });

  it.each(samples.map(([error]) => [error.name, error] as const))(
    '%s: isInstance works across copies, with a literal name of its own',
    (name, error) => {
      const Other = copy[name];
      expect(Other).toBeDefined();
      expect(error instanceof (Other as unknown as abstract new () => unknown)).toBe(false);
      expect(Other.isInstance(error)).toBe(true);
      expect(copy.KithError.isInstance(error)).toBe(true);
      // No other class claims it.
      for (const [other] of samples) {
        if (other.name !== name && other.name !== 'TimeoutError')
          expect(copy[other.name].isInstance(error)).toBe(false);
      }
    },
  );

  it('a subclass instance is an instance of its base (OpenAITimeoutError-style)', () => {
    class SlowThingError extends TimeoutError {}
    const error = new SlowThingError('slow thing', 5);
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(copy.TimeoutError.isInstance(error)).toBe(true);
    expect(PluginInitError.isInstance(error)).toBe(false);
  });
});

describe('docs/errors.md (core section)', () => {
  const doc = readFileSync(path.resolve(__dirname, '../../../../docs/errors.md'), 'utf8');
  const section = documentedSection(doc, '@kith/core');
  // The first cell of each table row: | `KITH_...` | ...
  const documented = [...section.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((match) => match[1]);
  const catalogue = Object.values(ErrorCode) as string[];

  it('lists every code in the catalogue, and no other', () => {
    expect([...documented].sort()).toEqual([...catalogue].sort());
  });

  it('lists each code once', () => {
    expect(documented.length).toBe(new Set(documented).size);
  });

  it('names the class that throws each code', () => {
    for (const [error, code] of samples) {
      const row = section.split('\n').find((line) => line.startsWith(`| \`${code}\``));
      expect(row).toContain(`\`${error.name}\``);
    }
  });
});

/** The text under the `## \`<pkg>\`` heading, up to the next `## `. */
function documentedSection(doc: string, pkg: string): string {
  const start = doc.indexOf(`\n## \`${pkg}\``);
  if (start < 0) throw new Error(`docs/errors.md has no "## \`${pkg}\`" section`);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}
