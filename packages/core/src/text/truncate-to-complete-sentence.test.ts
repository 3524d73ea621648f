import { truncateToCompleteSentence } from './truncate-to-complete-sentence';

describe('truncateToCompleteSentence', () => {
  it('returns short text unchanged', () => {
    expect(truncateToCompleteSentence('Hi there.', 20)).toBe('Hi there.');
    expect(truncateToCompleteSentence('exact', 5)).toBe('exact');
  });

  it('cuts after the last complete sentence that fits', () => {
    expect(truncateToCompleteSentence('One. Two! Three? Four five six', 18)).toBe('One. Two! Three?');
    expect(truncateToCompleteSentence('First sentence. Second sentence is long.', 20)).toBe('First sentence.');
  });

  it('cuts at a word with an ellipsis when no sentence fits', () => {
    const out = truncateToCompleteSentence('no sentence ends anywhere in this text', 20);
    expect(out).toBe('no sentence ends...');
    expect(out.length).toBeLessThanOrEqual(20);
  });

  it('hard-cuts one long word', () => {
    const out = truncateToCompleteSentence('a'.repeat(50), 10);
    expect(out).toBe(`${'a'.repeat(7)}...`);
  });

  it('never exceeds maxLength', () => {
    const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor.';
    for (let max = 1; max < text.length; max += 1) {
      expect(truncateToCompleteSentence(text, max).length).toBeLessThanOrEqual(max);
    }
  });
});
