import { isPromiseLike } from './is-promise-like';

describe('isPromiseLike', () => {
  it('recognises promises and thenables only', () => {
    expect(isPromiseLike(Promise.resolve(1))).toBe(true);
    expect(isPromiseLike({ then: () => undefined })).toBe(true);
    for (const value of [null, undefined, 0, 'then', {}, { then: true }, [], () => undefined])
      expect(isPromiseLike(value)).toBe(false);
  });
});
