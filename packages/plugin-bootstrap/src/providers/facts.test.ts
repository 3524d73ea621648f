import { createHarness } from '../testing/bootstrap-harness';
import { deterministicEmbedding } from '@kith/core/test';
import { factsProvider } from './facts';

const EMPTY = { values: {}, data: {}, text: '' };

describe('FACTS', () => {
  it('finds facts near the message by vector search and fills facts and relevantKnowledge', async () => {
    const { runtime, message, roomId } = await createHarness({ embeddingDims: 64 });
    const claims = [
      'Ada lives in Lisbon',
      'Ada works at a bakery',
      'Bob plays the cello',
      'Bob has two cats',
      'The weather was rainy',
      'Ada likes hiking',
      'Bob studies law',
    ];
    for (const [i, text] of claims.entries()) {
      await runtime.createMemory(
        {
          entityId: runtime.agentId,
          roomId,
          content: { text },
          embedding: deterministicEmbedding(text, 64),
          createdAt: 1_000 + i,
        },
        'facts',
      );
    }
    const result = await factsProvider.get(runtime, message('what does Bob play? the cello?'), EMPTY);
    const lines = (result.text ?? '').split('\n');
    expect(lines[0]).toBe('# Facts Testy knows');
    expect(lines[1]).toBe('- Bob plays the cello');
    expect(result.values?.relevantKnowledge).toBe(result.text);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('falls back to the latest facts without an embedding model, and is empty without facts', async () => {
    const { runtime, message, roomId } = await createHarness();
    expect((await factsProvider.get(runtime, message('hi'), EMPTY)).text).toBeUndefined();
    await runtime.createMemory(
      { entityId: runtime.agentId, roomId, content: { text: 'Ada lives in Lisbon' } },
      'facts',
    );
    expect((await factsProvider.get(runtime, message('hi'), EMPTY)).text).toBe(
      '# Facts Testy knows\n- Ada lives in Lisbon',
    );
  });
});
