import { parseKeyValueXml } from '../parsing/parse-key-value-xml';
import { cosineSimilarity } from '../utils/cosine-similarity';
import { deterministicEmbedding } from './deterministic-embedding';
import { createScriptedModel } from './scripted-model';
import { createScriptedModelPlugin } from './scripted-model-plugin';
import { scriptedReply } from './scripted-reply';
import { createTestRuntime } from './create-test-runtime';

describe('createScriptedModel', () => {
  it('returns a list of outputs in order, records every call and fails loudly when exhausted', async () => {
    const model = createScriptedModel(['one', 'two']);
    const runtime = await createTestRuntime({ plugins: [createScriptedModelPlugin(model)] });
    expect(await runtime.useModel('TEXT_SMALL', { prompt: 'first prompt' })).toBe('one');
    expect(model.remaining).toBe(1);
    expect(await runtime.useModel('TEXT_LARGE', { prompt: 'second prompt', temperature: 0.5 })).toBe('two');
    expect(model.calls.map((c) => [c.modelType, c.prompt, c.output])).toEqual([
      ['TEXT_SMALL', 'first prompt', 'one'],
      ['TEXT_LARGE', 'second prompt', 'two'],
    ]);
    expect(model.calls[1].params.temperature).toBe(0.5);
    expect(model.callsOf('TEXT_LARGE')).toHaveLength(1);
    await expect(runtime.useModel('TEXT_SMALL', { prompt: 'third' })).rejects.toThrow(
      /no output left for call #2 \(TEXT_SMALL\)/,
    );
    expect(model.calls).toHaveLength(2);
  });

  it('asks a script function with the prompt, model type and call index', async () => {
    const model = createScriptedModel((prompt, modelType, index) => `${index}:${modelType}:${prompt}`);
    const runtime = await createTestRuntime({ plugins: [createScriptedModelPlugin(model)] });
    expect(await runtime.useModel('TEXT_SMALL', { prompt: 'a' })).toBe('0:TEXT_SMALL:a');
    expect(await runtime.useModel('TEXT_LARGE', { prompt: 'b' })).toBe('1:TEXT_LARGE:b');
    expect(model.remaining).toBe(Number.POSITIVE_INFINITY);
  });

  it('sends the output as one stream chunk when the caller streams', async () => {
    const model = createScriptedModel(['streamed']);
    const runtime = await createTestRuntime({ plugins: [createScriptedModelPlugin(model)] });
    const chunks: string[] = [];
    await runtime.useModel('TEXT_LARGE', { prompt: 'p', onStreamChunk: (c) => void chunks.push(c) });
    expect(chunks).toEqual(['streamed']);
  });
});

describe('createScriptedModelPlugin', () => {
  it('registers TEXT_SMALL and TEXT_LARGE, and TEXT_EMBEDDING only when dims are given', async () => {
    const model = createScriptedModel([]);
    expect(Object.keys(createScriptedModelPlugin(model).models ?? {})).toEqual(['TEXT_SMALL', 'TEXT_LARGE']);
    const plugin = createScriptedModelPlugin(model, { embeddingDims: 384, name: 'emb', priority: 3 });
    expect(plugin).toMatchObject({ name: 'emb', priority: 3 });
    const runtime = await createTestRuntime({ plugins: [plugin] });
    const single = await runtime.useModel('TEXT_EMBEDDING', { text: 'hello there' });
    const batch = await runtime.useModel('TEXT_EMBEDDING', { texts: ['a', 'b'] });
    const probe = await runtime.useModel('TEXT_EMBEDDING', null);
    expect(single).toHaveLength(384);
    expect(batch).toHaveLength(2);
    expect(batch[0]).toHaveLength(384);
    expect(probe).toHaveLength(384);
    expect(await runtime.useModel('TEXT_EMBEDDING', 'hello there')).toEqual(single);
    expect(model.calls).toHaveLength(0);
  });
});

describe('deterministicEmbedding', () => {
  it('is deterministic, unit length, and similar for texts sharing words', () => {
    const a = deterministicEmbedding('I love green tea', 64);
    expect(deterministicEmbedding('I love green tea', 64)).toEqual(a);
    expect(Math.hypot(...a)).toBeCloseTo(1);
    const near = cosineSimilarity(a, deterministicEmbedding('I love green tea a lot', 64));
    const far = cosineSimilarity(a, deterministicEmbedding('quantum chromodynamics lecture', 64));
    expect(near).toBeGreaterThan(far);
    expect(deterministicEmbedding('', 8)).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('scriptedReply', () => {
  it('builds the response XML the message handler parses', () => {
    const xml = scriptedReply('Hello there', ['REPLY', 'FOLLOW_ROOM'], 'be nice');
    expect(parseKeyValueXml(xml)).toEqual({
      thought: 'be nice',
      actions: ['REPLY', 'FOLLOW_ROOM'],
      providers: [],
      text: 'Hello there',
    });
    expect(parseKeyValueXml(scriptedReply('hi'))).toMatchObject({ thought: '...', actions: ['REPLY'], text: 'hi' });
  });

  it('can carry providers, simple and action params', () => {
    const xml = scriptedReply('Booking', ['BOOK'], '...', {
      providers: ['TIME', 'FACTS'],
      simple: false,
      params: { BOOK: { origin: 'SFO', seats: 2, meta: { note: 'x' } } },
    });
    expect(parseKeyValueXml(xml)).toMatchObject({
      providers: ['TIME', 'FACTS'],
      simple: false,
      params: { BOOK: { origin: 'SFO', seats: '2', meta: { note: 'x' } } },
    });
  });
});
