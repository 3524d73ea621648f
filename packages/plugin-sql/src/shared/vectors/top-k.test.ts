import { TopK } from './top-k';

describe('TopK', () => {
  it('keeps the k best, best first', () => {
    const top = new TopK<string>(3);
    [5, 1, 9, 3, 7, 2].forEach((score) => top.offer(`s${score}`, score));
    expect(top.sorted().map((e) => e.item)).toEqual(['s9', 's7', 's5']);
  });

  it('handles k larger than the input and k = 0', () => {
    const big = new TopK<number>(10);
    [2, 1].forEach((n) => big.offer(n, n));
    expect(big.sorted().map((e) => e.item)).toEqual([2, 1]);
    const none = new TopK<number>(0);
    none.offer(1, 1);
    expect(none.sorted()).toEqual([]);
  });
});
