import { ActionStreamFilter } from './action-stream-filter';

function streamAll(extractor: { push(chunk: string): string; flush(): string }, input: string, size: number): string {
  let out = '';
  for (let i = 0; i < input.length; i += size) out += extractor.push(input.slice(i, i + size));
  return out + extractor.flush();
}

describe('ActionStreamFilter', () => {
  it('streams plain text as it comes, after leading whitespace', () => {
    const filter = new ActionStreamFilter();
    expect(filter.push('  ')).toBe('');
    expect(filter.push('Hello')).toBe('  Hello');
    expect(filter.push(' you')).toBe(' you');
  });

  it('never streams JSON', () => {
    const filter = new ActionStreamFilter();
    expect(streamAll(filter, '{"text": "secret"}', 2)).toBe('');
    const array = new ActionStreamFilter();
    expect(array.push('[1, 2]')).toBe('');
  });

  it('streams only the <text> of XML, tags split across chunks', () => {
    const filter = new ActionStreamFilter();
    expect(streamAll(filter, '<response><data>1</data><text>The swap is done.</text></response>', 5)).toBe(
      'The swap is done.',
    );
    expect(filter.done).toBe(true);
  });

  it('flush returns held-back XML text only', () => {
    const filter = new ActionStreamFilter();
    expect(filter.push('<text>partial answer')).toBe('part');
    expect(filter.flush()).toBe('ial answer');
    const text = new ActionStreamFilter();
    text.push('plain');
    expect(text.flush()).toBe('');
  });
});
