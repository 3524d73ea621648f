import { createCapturingLogger } from '../../testing';
import { CircuitBreaker } from './circuit-breaker';

describe('CircuitBreaker', () => {
  const make = (threshold = 3, resetMs = 1_000) => {
    const capture = createCapturingLogger('info');
    return { breaker: new CircuitBreaker(capture.logger, () => ({ threshold, resetMs })), capture };
  };

  it('opens after `threshold` consecutive failures and logs it', () => {
    const { breaker, capture } = make(3);
    breaker.recordFailure('x', 0);
    breaker.recordFailure('x', 0);
    expect(breaker.isOpen('x', 0)).toBe(false);
    breaker.recordFailure('x', 0);
    expect(breaker.isOpen('x', 0)).toBe(true);
    expect(capture.entries.filter((e) => e.level === 'warn')).toEqual([
      expect.objectContaining({ component: 'x', failures: 3 }),
    ]);
  });

  it('a success in between resets the count', () => {
    const { breaker } = make(2);
    breaker.recordFailure('x', 0);
    breaker.recordSuccess('x');
    breaker.recordFailure('x', 0);
    expect(breaker.isOpen('x', 0)).toBe(false);
  });

  it('half-opens after resetMs, re-opens on a failed probe and closes on a good one', () => {
    const { breaker, capture } = make(1, 100);
    breaker.recordFailure('x', 0);
    expect(breaker.isOpen('x', 99)).toBe(true);
    expect(breaker.isOpen('x', 100)).toBe(false);
    breaker.recordFailure('x', 100);
    expect(breaker.isOpen('x', 150)).toBe(true);
    breaker.recordSuccess('x');
    expect(breaker.isOpen('x', 150)).toBe(false);
    expect(capture.entries.some((e) => e.level === 'info' && String(e.msg).includes('closed'))).toBe(true);
  });

  it('keeps circuits apart by name', () => {
    const { breaker } = make(1);
    breaker.recordFailure('a', 0);
    expect(breaker.isOpen('a', 0)).toBe(true);
    expect(breaker.isOpen('b', 0)).toBe(false);
  });
});
