import { compactLogBody, compactLogBodyJson, MAX_LOG_BODY_CHARS } from './compact-log-body';

describe('compactLogBody', () => {
  it('passes compact records through unchanged', () => {
    const body = {
      runId: 'r1',
      status: 'completed',
      duration: 12.5,
      models: [{ modelType: 'TEXT_SMALL', provider: 'openai', calls: 1, promptTokens: 900, completionTokens: 40 }],
      ok: true,
      nothing: null,
    };
    expect(compactLogBody(body)).toEqual(body);
  });

  it('cuts prompts, responses and long lists, saying how much was left out', () => {
    const prompt = 'x'.repeat(20_000);
    const compacted = compactLogBody({
      modelType: 'TEXT_LARGE',
      params: { prompt, temperature: 0.7 },
      response: `${'y'.repeat(500)}`,
      embedding: Array.from({ length: 384 }, (_, i) => i / 384),
    });
    expect(compacted).toEqual({
      modelType: 'TEXT_LARGE',
      params: { prompt: `${'x'.repeat(120)}…[+19880 chars]`, temperature: 0.7 },
      response: `${'y'.repeat(120)}…[+380 chars]`,
      embedding: [...Array.from({ length: 16 }, (_, i) => i / 384), '…[+368 items]'],
    });
    expect(JSON.stringify(compacted).length).toBeLessThan(700); // from over 25 KB
  });

  it('replaces deep nesting, binary data, functions and bigints', () => {
    const deep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    expect(compactLogBody({ deep, bytes: Buffer.alloc(4096), fn: () => 1, big: 10n, when: new Date(0) })).toEqual({
      deep: { a: { b: { c: { d: '…[nested]' } } } },
      bytes: '…[4096 bytes]',
      big: '10',
      when: '1970-01-01T00:00:00.000Z',
    });
  });

  it('keeps only the top-level scalars of a body that stays too large', () => {
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field${i}`, { text: 'z'.repeat(150) }]));
    const compacted = compactLogBody({ runId: 'r2', ...wide });
    expect(compacted.runId).toBe('r2');
    expect(compacted.omittedKeys).toHaveLength(40);
    expect(JSON.stringify(compacted).length).toBeLessThan(MAX_LOG_BODY_CHARS);
  });

  it('serialises to the same JSON as the compacted object, for small and oversized bodies alike', () => {
    const small = { runId: 'r3', prompt: 'p'.repeat(400) };
    const wide = {
      runId: 'r4',
      ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field${i}`, { text: 'z'.repeat(150) }])),
    };
    for (const body of [small, wide]) expect(compactLogBodyJson(body)).toBe(JSON.stringify(compactLogBody(body)));
  });
});
