import type { Memory } from '@kith/core';
import { createScriptedModel, createScriptedModelPlugin, createTestRuntime } from '@kith/core/test';
import { knowledgeProvider } from './knowledge';

describe('KNOWLEDGE provider', () => {
  it('lists the fragments relevant to the message, and nothing for an agent without knowledge', async () => {
    const runtime = await createTestRuntime({
      plugins: [createScriptedModelPlugin(createScriptedModel([]), { embeddingDims: 128 })],
    });
    const message: Memory = {
      entityId: runtime.agentId,
      roomId: runtime.agentId,
      content: { text: 'what time does the ferry leave?' },
    };
    expect(await knowledgeProvider.get(runtime, message, { values: {}, data: {}, text: '' })).toMatchObject({
      text: '',
    });

    await runtime.addKnowledge(
      { text: 'The ferry leaves at nine.\n\nThe shop sells maps.' },
      { chunkSize: 30, overlap: 0 },
    );
    const result = await knowledgeProvider.get(runtime, message, { values: {}, data: {}, text: '' });
    expect(result.text?.split('\n').slice(0, 2)).toEqual(['# Knowledge', '- The ferry leaves at nine.']);
    expect(result.values?.knowledge).toContain('ferry');
    await runtime.stop();
  });
});
