import { ConfigValidationError, ErrorCode, KithError } from '@kith/core';
import { isLocalBaseUrl } from './is-local-base-url';
import { isolateOpenAIEnv } from '../testing/fixtures/isolate-openai-env';
import { loadOpenAIConfig, OPENAI_SETTING_KEYS } from './openai-config';

const source = (values: Record<string, unknown>) => ({ getSetting: (key: string) => values[key] ?? null });

describe('loadOpenAIConfig', () => {
  isolateOpenAIEnv();
  afterEach(() => {
    for (const key of OPENAI_SETTING_KEYS) delete process.env[key];
  });

  it('applies the defaults around an API key', () => {
    expect(loadOpenAIConfig(source({ OPENAI_API_KEY: 'sk-test' }))).toEqual({
      apiKey: 'sk-test',
      baseUrl: 'https://api.openai.com/v1',
      smallModel: 'gpt-4o-mini',
      largeModel: 'gpt-4o',
      embeddingModel: 'text-embedding-3-small',
      embeddingDimensions: 1536,
      imageModel: 'dall-e-3',
      imageDescriptionModel: 'gpt-4o-mini',
      timeoutMs: 60_000,
      connectTimeoutMs: 2_500,
      maxRetries: 2,
      promptCacheKey: true,
    });
  });

  it('needs no key for a local server and drops the trailing slash', () => {
    const config = loadOpenAIConfig(
      source({
        OPENAI_BASE_URL: 'http://localhost:11434/v1/',
        OPENAI_LARGE_MODEL: 'llama3.2',
        OPENAI_EMBEDDING_DIMENSIONS: '768',
      }),
    );
    expect(config.apiKey).toBeUndefined();
    expect(config.baseUrl).toBe('http://localhost:11434/v1');
    expect(config.largeModel).toBe('llama3.2');
    expect(config.embeddingDimensions).toBe(768);
  });

  it('reads the environment when the character has nothing, character first', () => {
    process.env.OPENAI_API_KEY = 'sk-env';
    process.env.OPENAI_SMALL_MODEL = 'env-small';
    const config = loadOpenAIConfig(source({ OPENAI_SMALL_MODEL: 'character-small' }));
    expect(config.apiKey).toBe('sk-env');
    expect(config.smallModel).toBe('character-small');
  });

  it('names the missing key and how to go without one', () => {
    const error = (() => {
      try {
        loadOpenAIConfig(source({}));
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigValidationError);
    expect(KithError.hasCode(error, ErrorCode.CONFIG_INVALID)).toBe(true);
    const message = (error as Error).message;
    expect(message).toContain('Invalid configuration for plugin-openai');
    expect(message).toContain(
      'OPENAI_API_KEY: missing; set OPENAI_API_KEY in the character secrets or the environment',
    );
    expect(message).toContain('http://localhost:11434/v1');
  });

  it('lists every bad value at once', () => {
    const call = () =>
      loadOpenAIConfig(
        source({
          OPENAI_API_KEY: 'k',
          OPENAI_BASE_URL: 'localhost:11434',
          OPENAI_TIMEOUT_MS: 'soon',
          OPENAI_CONNECT_TIMEOUT_MS: '0',
          OPENAI_EMBEDDING_DIMENSIONS: '0',
          OPENAI_MAX_RETRIES: '2.5',
        }),
      );
    expect(call).toThrow(/OPENAI_BASE_URL: must be an http\(s\) URL/);
    expect(call).toThrow(/OPENAI_TIMEOUT_MS: must be a whole number of milliseconds/);
    expect(call).toThrow(/OPENAI_CONNECT_TIMEOUT_MS: must be at least 1/);
    expect(call).toThrow(/OPENAI_EMBEDDING_DIMENSIONS: must be at least 1/);
    expect(call).toThrow(/OPENAI_MAX_RETRIES: must be a whole number of retries/);
  });

  it('names a missing key together with the other bad values', () => {
    expect(() => loadOpenAIConfig(source({ OPENAI_TIMEOUT_MS: '-1' }))).toThrow(
      /OPENAI_TIMEOUT_MS: must be at least 1\n {2}- OPENAI_API_KEY: missing/,
    );
  });

  it('accepts numbers as the runtime hands them over', () => {
    const config = loadOpenAIConfig(
      source({
        OPENAI_API_KEY: 'k',
        OPENAI_TIMEOUT_MS: 1500,
        OPENAI_CONNECT_TIMEOUT_MS: '8000',
        OPENAI_MAX_RETRIES: 0,
      }),
    );
    expect([config.timeoutMs, config.connectTimeoutMs, config.maxRetries]).toEqual([1500, 8000, 0]);
  });
});

describe('isLocalBaseUrl', () => {
  it.each([
    'http://localhost:11434/v1',
    'http://127.0.0.1:1234/v1',
    'http://[::1]:8000/v1',
    'http://192.168.1.20:8000/v1',
    'http://10.0.0.5/v1',
    'http://172.20.0.3:8000/v1',
    'http://ollama:11434/v1',
    'http://gpu-box.local:8000/v1',
    'http://host.docker.internal:11434/v1',
  ])('%s is local', (url) => {
    expect(isLocalBaseUrl(url)).toBe(true);
  });

  it.each([
    'https://api.openai.com/v1',
    'https://openrouter.ai/api/v1',
    'http://8.8.8.8/v1',
    'http://172.32.0.1/v1',
    'not a url',
  ])('%s is not local', (url) => {
    expect(isLocalBaseUrl(url)).toBe(false);
  });
});
