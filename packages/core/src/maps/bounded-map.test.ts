import { BoundedMap } from './bounded-map';
import { LruMap } from './lru-map';

describe('BoundedMap (FIFO)', () => {
  it('evicts the entry inserted first past maxSize', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
  });

  it('reads do not reorder: a read entry is still evicted first', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.has('a')).toBe(false);
    expect([...map.keys()]).toEqual(['b', 'c']);
  });

  it('overwriting a key keeps its place and the size', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect([...map.entries()]).toEqual([
      ['b', 2],
      ['c', 3],
    ]);
  });

  it('calls onEvict with the evicted entry, not for deletes', () => {
    const evicted: [string, number][] = [];
    const map = new BoundedMap<string, number>(1, (key, value) => evicted.push([key, value]));
    map.set('a', 1).set('b', 2);
    map.delete('b');
    expect(evicted).toEqual([['a', 1]]);
  });

  it('LruMap is a BoundedMap, and both are Maps', () => {
    expect(new LruMap(1)).toBeInstanceOf(BoundedMap);
    expect(new BoundedMap(1)).toBeInstanceOf(Map);
  });

  it('the two orders differ only in what a read does', () => {
    const fifo = new BoundedMap<string, number>(2);
    const lru = new LruMap<string, number>(2);
    for (const map of [fifo, lru]) {
      map.set('a', 1).set('b', 2);
      map.get('a');
      map.set('c', 3);
    }
    expect([...fifo.keys()]).toEqual(['b', 'c']);
    expect([...lru.keys()]).toEqual(['a', 'c']);
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects maxSize %p', (size) => {
    expect(() => new BoundedMap(size)).toThrow(RangeError);
  });
});
