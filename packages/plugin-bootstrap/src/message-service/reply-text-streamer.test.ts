import { createReplyTextStreamer } from './reply-text-streamer';

async function stream(parts: string[]): Promise<string[]> {
  const out: string[] = [];
  const push = createReplyTextStreamer((chunk) => void out.push(chunk));
  for (const part of parts) await push(part);
  return out;
}

describe('createReplyTextStreamer', () => {
  it('forwards only the text element, as it arrives', async () => {
    const out = await stream([
      '<response><thought>hm</thought><actions>REPLY</actions><te',
      'xt>Hello',
      ' there',
      '</te',
      'xt></response>',
    ]);
    expect(out.join('')).toBe('Hello there');
    expect(out.length).toBeGreaterThan(1);
  });

  it('decodes entities, also when split across chunks', async () => {
    const out = await stream(['<text>Tom &am', 'p; Jerry &lt;3', '</text>']);
    expect(out.join('')).toBe('Tom & Jerry <3');
  });

  it('sends nothing for output without a text element', async () => {
    expect(await stream(['<response><actions>IGNORE</actions></response>'])).toEqual([]);
  });
});
