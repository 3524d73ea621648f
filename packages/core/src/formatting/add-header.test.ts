import { addHeader } from './add-header';
import { booleanFooter } from './boolean-footer';

describe('addHeader', () => {
  it('puts the header on its own line and ends with a newline', () => {
    expect(addHeader('# Facts', 'a\nb')).toBe('# Facts\na\nb\n');
  });

  it('returns an empty string for an empty body', () => {
    expect(addHeader('# Facts', '')).toBe('');
  });

  it('omits an empty header', () => {
    expect(addHeader('', 'body')).toBe('body\n');
  });
});

describe('booleanFooter', () => {
  it('is the elizaOS constant', () => {
    expect(booleanFooter).toBe('Respond with only a YES or a NO.');
  });
});
