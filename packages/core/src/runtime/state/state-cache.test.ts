import type { State } from '../../types/state';
import { StateCache } from './state-cache';

const state = (text: string): State => ({ values: {}, data: {}, text });

describe('StateCache', () => {
  it('evicts the least recently used entry beyond its bound', () => {
    const cache = new StateCache(2);
    cache.set('a', state('a'));
    cache.set('b', state('b'));
    cache.get('a');
    cache.set('c', state('c'));
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.text).toBe('a');
  });

  it('drops every entry of an ended run and only those', () => {
    const cache = new StateCache();
    cache.set('m1', state('1'), 'run-1');
    cache.set('m2', state('2'), 'run-1');
    cache.set('m3', state('3'), 'run-2');
    cache.set('m4', state('4'));
    cache.dropRun('run-1');
    cache.dropRun('unknown');
    expect(cache.get('m1')).toBeUndefined();
    expect(cache.get('m2')).toBeUndefined();
    expect(cache.get('m3')?.text).toBe('3');
    expect(cache.get('m4')?.text).toBe('4');
  });
});
