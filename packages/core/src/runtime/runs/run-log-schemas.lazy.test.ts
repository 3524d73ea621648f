// zod costs a process ~3 MB of heap and ~11 MB of RSS: core loads it only to read runs back.
jest.mock('zod', () => {
  throw new Error('zod was loaded');
});

describe('the run-log schemas', () => {
  it('are not loaded with @kith/core', () => {
    expect(() => jest.requireActual('../../index')).not.toThrow();
    // The mock does bite: the schemas' own module needs zod.
    expect(() => jest.requireActual('./run-log-schemas')).toThrow('zod was loaded');
  });
});
