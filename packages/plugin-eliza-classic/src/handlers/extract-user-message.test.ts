import { extractUserMessage } from './extract-user-message';

describe('extractUserMessage', () => {
  it('reads the last # Received Message section, over several lines', () => {
    const prompt = [
      '# Received Message',
      'Bob: an old message',
      '',
      '# Received Message',
      'Alice Smith: first line',
      'second line: with a colon',
      '',
      'Eliza: not part of it',
      '<output>',
    ].join('\n');
    expect(extractUserMessage(prompt)).toEqual({
      speaker: 'Alice Smith',
      text: 'first line\nsecond line: with a colon',
    });
  });

  it('ends the message at a heading or markup line', () => {
    expect(extractUserMessage('# Received Message\nAlice: hi there\n# Next section').text).toBe('hi there');
    expect(extractUserMessage('# Received Message\nAlice: hi there\n</providers>').text).toBe('hi there');
  });

  it('falls back to the last --- Text Start --- block', () => {
    const prompt =
      '--- Text Start ---\nfirst\n--- Text End ---\n--- Text Start ---\nI need help\n--- Text End ---\n<output>';
    expect(extractUserMessage(prompt)).toEqual({ speaker: null, text: 'I need help' });
  });

  it('falls back to the last plain line, preferring the providers block', () => {
    expect(extractUserMessage('Hello there\n<response>\n</response>')).toEqual({ speaker: null, text: 'Hello there' });
    const templated =
      '<providers>\nAlice said she is tired\n</providers>\n<instructions>\nLeave it empty when none are needed.\n</instructions>';
    expect(extractUserMessage(templated).text).toBe('Alice said she is tired');
  });
});
