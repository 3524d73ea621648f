import { ErrorCode, KithError } from '@kith/core';
import { statusOf } from './error-reply';

describe('statusOf', () => {
  it('answers 503 for a retryable failure of something the server depends on, 500 for other unknown codes', () => {
    expect(statusOf(new KithError('KITH_SQL_DATABASE_UNAVAILABLE', 'lost the connection', { retryable: true }))).toBe(
      503,
    );
    expect(statusOf(new KithError('KITH_SOMETHING_BROKE', 'broken'))).toBe(500);
  });

  it('keeps the status of codes about the request, retryable or not', () => {
    expect(statusOf(new KithError(ErrorCode.TIMEOUT, 'too slow', { retryable: true }))).toBe(504);
    expect(statusOf(new KithError(ErrorCode.AGENT_NOT_FOUND, 'no such agent'))).toBe(404);
  });
});
