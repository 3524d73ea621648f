import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('evicts the least recently set entry past maxSize', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
    expect(map.size).toBe(2);
  });

  it('get refreshes an entry so it survives the next eviction', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.has('a')).toBe(true);
    expect(map.has('b')).toBe(false);
  });

  it('has and peek do not refresh', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.has('a')).toBe(true);
    expect(map.peek('a')).toBe(1);
    map.set('c', 3);
    expect(map.has('a')).toBe(false);
  });

  it('overwriting a key refreshes it and keeps the size', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect([...map.entries()]).toEqual([
      ['a', 10],
      ['c', 3],
    ]);
  });

  it('get of a missing key returns undefined and stores nothing', () => {
    const map = new LruMap<string, number>(1);
    expect(map.get('nope')).toBeUndefined();
    expect(map.size).toBe(0);
  });

  it('keeps undefined values distinct from missing ones', () => {
    const map = new LruMap<string, number | undefined>(2);
    map.set('u', undefined).set('x', 1);
    expect(map.get('u')).toBeUndefined();
    map.set('y', 2);
    // 'u' was refreshed by get, so 'x' is evicted.
    expect(map.has('u')).toBe(true);
    expect(map.has('x')).toBe(false);
  });

  it('calls onEvict with the evicted entry', () => {
    const evicted: [string, number][] = [];
    const map = new LruMap<string, number>(1, (key, value) => evicted.push([key, value]));
    map.set('a', 1).set('b', 2);
    map.delete('b');
    expect(evicted).toEqual([['a', 1]]);
  });

  it('is a Map', () => {
    const map = new LruMap<string, number>(3);
    expect(map).toBeInstanceOf(Map);
    map.set('a', 1);
    map.clear();
    expect(map.size).toBe(0);
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects maxSize %p', (size) => {
    expect(() => new LruMap(size)).toThrow(RangeError);
  });
});
