import { redactSecrets } from './redact-secrets';
import { serializeError } from './serialize-error';

class NetworkError extends Error {
  code = 'KITH_OPENAI_NETWORK_ERROR';
  retryable = true;
  context = { baseUrl: 'http://user:hunter2@127.0.0.1:9/v1', model: 'gpt-4o' };
}

describe('serializeError', () => {
  it('keeps type, code, message and context, and leaves the stack out unless asked', () => {
    const error = new NetworkError('Could not reach the server', { cause: new TypeError('fetch failed') });
    error.name = 'NetworkError';
    const short = serializeError(error, false);
    expect(short).toEqual({
      type: 'NetworkError',
      code: 'KITH_OPENAI_NETWORK_ERROR',
      retryable: true,
      message: 'Could not reach the server',
      context: { baseUrl: 'http://[redacted]@127.0.0.1:9/v1', model: 'gpt-4o' },
    });
    const full = serializeError(error, true) as { stack?: string; cause?: { message: string; stack?: string } };
    expect(full.stack).toContain('NetworkError: Could not reach the server');
    expect(full.cause).toMatchObject({ type: 'TypeError', message: 'fetch failed' });
    expect(full.cause?.stack).toBeDefined();
  });

  it('turns a thrown non-error into text', () => {
    expect(serializeError('plain', false)).toBe('plain');
  });
});

describe('redactSecrets', () => {
  it('takes out bearer tokens, API keys and URL passwords', () => {
    expect(redactSecrets('Authorization: Bearer abc.def-123456')).toBe('Authorization: Bearer [redacted]');
    expect(redactSecrets('key sk-proj-ABCDEFGH12345678 rejected')).toBe('key sk-[redacted] rejected');
    expect(redactSecrets('postgres://kith:s3cret@db:5432/kith')).toBe('postgres://[redacted]@db:5432/kith');
    expect(redactSecrets('nothing to hide')).toBe('nothing to hide');
  });
});
