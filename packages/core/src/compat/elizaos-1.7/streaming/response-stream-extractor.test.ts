import { ResponseStreamExtractor } from './response-stream-extractor';

function streamAll(extractor: { push(chunk: string): string; flush(): string }, input: string, size: number): string {
  let out = '';
  for (let i = 0; i < input.length; i += size) out += extractor.push(input.slice(i, i + size));
  return out + extractor.flush();
}

describe('ResponseStreamExtractor', () => {
  it('streams <text> when <actions> is exactly REPLY, in chunks of any size', () => {
    const reply = '<response><thought>hm</thought><actions>REPLY</actions><text>Hi there, friend!</text></response>';
    for (const size of [1, 3, 7, reply.length]) {
      const extractor = new ResponseStreamExtractor();
      expect(streamAll(extractor, reply, size)).toBe('Hi there, friend!');
      expect(extractor.done).toBe(true);
    }
  });

  it('accepts " reply " in any case', () => {
    const extractor = new ResponseStreamExtractor();
    expect(extractor.push('<actions> reply </actions><text>ok</text>')).toBe('ok');
  });

  it('skips <text> when another action will answer', () => {
    const extractor = new ResponseStreamExtractor();
    expect(streamAll(extractor, '<actions>REPLY,SEND_TOKEN</actions><text>Sending now</text>', 4)).toBe('');
    expect(extractor.done).toBe(false);
  });

  it('drops a <text> complete before <actions> is closed; a later one streams', () => {
    const extractor = new ResponseStreamExtractor();
    expect(extractor.push('<text>Early text</text><actions>REP')).toBe('');
    expect(extractor.push('LY</actions><text>Later</text>')).toBe('Later');
  });

  it('reset clears the strategy', () => {
    const extractor = new ResponseStreamExtractor();
    extractor.push('<actions>IGNORE</actions>');
    extractor.reset();
    expect(extractor.push('<actions>REPLY</actions><text>x</text>')).toBe('x');
  });
});
