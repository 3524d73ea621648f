import { copyValue } from './copy-value';

describe('copyValue', () => {
  it('deep-copies plain data, keeping dates, maps, sets and typed arrays', () => {
    const original = {
      a: [1, { b: 2 }],
      when: new Date(5),
      map: new Map([['k', { v: 1 }]]),
      set: new Set([1]),
      vec: new Float32Array([1, 2]),
    };
    const copy = copyValue(original);
    expect(copy).toEqual(original);
    expect(copy.a[1]).not.toBe(original.a[1]);
    expect(copy.when).toBeInstanceOf(Date);
    expect(copy.when).not.toBe(original.when);
    expect(copy.map.get('k')).not.toBe(original.map.get('k'));
    expect(copy.vec).toBeInstanceOf(Float32Array);
    expect(copy.vec).not.toBe(original.vec);
  });

  it('shares class instances and functions, and survives cycles', () => {
    class Thing {}
    const thing = new Thing();
    const fn = (): number => 1;
    const cyclic: Record<string, unknown> = { thing, fn };
    cyclic.self = cyclic;
    const copy = copyValue(cyclic);
    expect(copy.thing).toBe(thing);
    expect(copy.fn).toBe(fn);
    expect(copy.self).toBe(copy);
  });
});
