import { pickRandom, randomForKey, rotationBlock, seededRandom } from './prompt-rotation';

describe('prompt rotation', () => {
  it('seededRandom and randomForKey repeat their numbers for the same seed or key', () => {
    const take = (random: () => number) => Array.from({ length: 5 }, random);
    expect(take(seededRandom(7))).toEqual(take(seededRandom(7)));
    expect(take(seededRandom(7))).not.toEqual(take(seededRandom(8)));
    expect(take(randomForKey('room:3:CHARACTER'))).toEqual(take(randomForKey('room:3:CHARACTER')));
    expect(take(randomForKey('room:3:CHARACTER'))).not.toEqual(take(randomForKey('room:4:CHARACTER')));
    take(randomForKey('x')).forEach((n) => expect(n >= 0 && n < 1).toBe(true));
  });

  it('pickRandom draws up to `count` distinct items, the same ones for the same source, leaving the input alone', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    const picked = pickRandom(items, 3, randomForKey('k'));
    expect(picked).toHaveLength(3);
    expect(new Set(picked).size).toBe(3);
    expect(pickRandom(items, 3, randomForKey('k'))).toEqual(picked);
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(pickRandom(items, 10, Math.random).sort()).toEqual(items);
    expect(pickRandom(items, 0)).toEqual([]);
    expect(pickRandom([], 2)).toEqual([]);
    // Every item turns up over many keys.
    const seen = new Set<string>();
    for (let block = 0; block < 50; block++)
      pickRandom(items, 1, randomForKey(`room:${block}`)).forEach((item) => seen.add(item));
    expect([...seen].sort()).toEqual(items);
  });

  it('rotationBlock groups `every` turns; 1 or less gives each turn its own block', () => {
    expect([0, 1, 9, 10, 19, 20].map((turn) => rotationBlock(turn, 10))).toEqual([0, 0, 0, 1, 1, 2]);
    expect([0, 1, 2].map((turn) => rotationBlock(turn, 1))).toEqual([0, 1, 2]);
    expect(rotationBlock(5, 0)).toBe(5);
  });
});
