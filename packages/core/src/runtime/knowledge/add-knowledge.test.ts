import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestRuntime } from '../../testing/create-test-runtime';
import { deterministicEmbedding } from '../../testing/deterministic-embedding';
import type { KnowledgeProgress } from '../../types/knowledge';
import type { Memory } from '../../types/memory';
import type { Plugin } from '../../types/plugin';
import type { AgentRuntime } from '../agent-runtime';
import { KNOWLEDGE_TABLES } from './add-knowledge';

const DIMS = 64;

interface EmbedderOptions {
  /** Accept `{ texts }` (one call per batch) or only `{ text }`. */
  batches: boolean;
  failWhen?: (text: string) => boolean;
}

function embedder(options: EmbedderOptions) {
  const stats = { calls: 0, inFlight: 0, peak: 0 };
  const plugin: Plugin = {
    name: 'embedder',
    description: 'counting embedder',
    models: {
      TEXT_EMBEDDING: async (_rt, params) => {
        const input = params as { text?: string; texts?: string[] } | null;
        stats.calls++;
        stats.inFlight++;
        stats.peak = Math.max(stats.peak, stats.inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        stats.inFlight--;
        const texts = options.batches && input?.texts ? input.texts : [input?.text ?? ''];
        if (texts.some((t) => options.failWhen?.(t))) throw new Error('embedding refused');
        const vectors = texts.map((t) => deterministicEmbedding(t, DIMS));
        return options.batches && input?.texts ? vectors : vectors[0];
      },
    },
  };
  return { plugin, stats };
}

const message = (runtime: AgentRuntime, text: string): Memory => ({
  entityId: runtime.agentId,
  roomId: runtime.agentId,
  content: { text },
});

describe('runtime.addKnowledge', () => {
  let runtime: AgentRuntime;
  afterEach(() => runtime.stop());

  const facts = [
    'The lighthouse keeper feeds the gulls every morning at dawn.',
    'Our bakery sells sourdough bread on Saturdays only.',
    'The museum closes early on public holidays.',
    'Parking is free after six in the evening.',
  ];

  it('stores a document and its linked fragments, and finds the relevant fragment', async () => {
    const { plugin } = embedder({ batches: true });
    runtime = await createTestRuntime({ plugins: [plugin] });
    const result = await runtime.addKnowledge({ text: facts.join('\n\n') }, { chunkSize: 70, overlap: 0 });
    expect(result).toMatchObject({ fragments: 4, failed: 0, alreadyKnown: false });

    const document = await runtime.getMemoryById(result.documentId);
    expect(document?.metadata).toMatchObject({ type: 'document', fragmentCount: 4 });
    const fragments = await runtime.getMemories({ tableName: KNOWLEDGE_TABLES.fragments, roomId: runtime.agentId });
    expect(fragments.map((f) => [f.metadata?.position, f.content.text]).sort()).toEqual(facts.map((f, i) => [i, f]));
    expect(
      fragments.every((f) => f.metadata?.documentId === result.documentId && f.metadata?.type === 'fragment'),
    ).toBe(true);

    const [best] = await runtime.getKnowledge(message(runtime, 'when does the bakery sell sourdough bread?'), {
      count: 2,
    });
    expect(best.content.text).toBe(facts[1]);
  });

  it('reads a file, and adding the same document again does nothing', async () => {
    const { plugin, stats } = embedder({ batches: true });
    runtime = await createTestRuntime({ plugins: [plugin] });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kith-knowledge-')), 'faq.md');
    writeFileSync(file, facts.join('\n\n'));
    const first = await runtime.addKnowledge({ path: file }, { chunkSize: 70, overlap: 0 });
    expect((await runtime.getMemoryById(first.documentId))?.metadata?.source).toBe(file);
    const calls = stats.calls;
    const again = await runtime.addKnowledge({ path: file }, { chunkSize: 70, overlap: 0 });
    expect(again).toEqual({ documentId: first.documentId, fragments: 0, failed: 0, alreadyKnown: true });
    expect(stats.calls).toBe(calls);
  });

  it('reports progress after each batch, through the callback and KNOWLEDGE_PROGRESS', async () => {
    const { plugin } = embedder({ batches: true });
    runtime = await createTestRuntime({ plugins: [plugin] });
    const events: number[] = [];
    runtime.registerEvent('KNOWLEDGE_PROGRESS', async ({ done }) => void events.push(done));
    const seen: KnowledgeProgress[] = [];
    const text = Array.from({ length: 10 }, (_, i) => `Fact number ${i}.`).join('\n\n');
    await runtime.addKnowledge(
      { text },
      { chunkSize: 20, overlap: 0, batchSize: 3, maxParallel: 1, onProgress: (p) => seen.push(p) },
    );
    expect(seen.map((p) => p.done)).toEqual([3, 6, 9, 10]);
    expect(seen.every((p) => p.total === 10)).toBe(true);
    expect(events).toEqual([3, 6, 9, 10]);
  });

  it('keeps a document with failed fragments incomplete so adding it again retries', async () => {
    let refuse = true;
    const { plugin } = embedder({ batches: false, failWhen: (t) => refuse && t.includes('museum') });
    runtime = await createTestRuntime({ plugins: [plugin] });
    const text = facts.join('\n\n');
    const first = await runtime.addKnowledge({ text }, { chunkSize: 70, overlap: 0, batchSize: 1 });
    expect(first).toMatchObject({ fragments: 3, failed: 1 });
    expect(await runtime.getMemoryById(first.documentId)).toBeNull();
    refuse = false;
    const second = await runtime.addKnowledge({ text }, { chunkSize: 70, overlap: 0, batchSize: 1 });
    expect(second).toMatchObject({ documentId: first.documentId, fragments: 4, failed: 0 });
    expect(await runtime.getMemories({ tableName: KNOWLEDGE_TABLES.fragments, roomId: runtime.agentId })).toHaveLength(
      4,
    );
  });

  it.each([true, false])(
    'a flood of 5,000 fragments never has more than maxParallel embedding calls in flight (batch input: %s)',
    async (batches) => {
      const { plugin, stats } = embedder({ batches });
      runtime = await createTestRuntime({ plugins: [plugin] });
      stats.peak = 0;
      stats.calls = 0;
      const text = Array.from({ length: 5_000 }, (_, i) => `Fragment ${i} of the flood.`).join('\n\n');
      const result = await runtime.addKnowledge({ text }, { chunkSize: 30, overlap: 0, maxParallel: 3, batchSize: 16 });
      expect(result).toMatchObject({ fragments: 5_000, failed: 0 });
      expect(stats.peak).toBe(3);
      // Batch input: one call per batch. Otherwise one per fragment, plus one `{ texts }` probe per batch started before the first answer.
      const probes = stats.calls - 5_000;
      if (batches) expect(stats.calls).toBe(Math.ceil(5_000 / 16));
      else expect([1, 2, 3]).toContain(probes);
    },
  );
});

describe('runtime.getKnowledge', () => {
  it('makes no embedding call for an agent that has no knowledge', async () => {
    const { plugin, stats } = embedder({ batches: true });
    const runtime = await createTestRuntime({ plugins: [plugin] });
    stats.calls = 0;
    expect(await runtime.getKnowledge(message(runtime, 'anything'))).toEqual([]);
    expect(await runtime.getKnowledge(message(runtime, 'anything else'))).toEqual([]);
    expect(stats.calls).toBe(0);
    await runtime.addKnowledge({ text: 'Tea is served at four.' });
    expect((await runtime.getKnowledge(message(runtime, 'when is tea served?'))).map((m) => m.content.text)).toEqual([
      'Tea is served at four.',
    ]);
    await runtime.stop();
  });
});
