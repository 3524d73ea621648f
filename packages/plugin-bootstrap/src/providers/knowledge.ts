import type { Provider } from '@kith/core';

/**
 * The knowledge-base fragments most relevant to the message (documents
 * learnt with `runtime.addKnowledge`). Costs nothing for an agent without
 * knowledge: no embedding call is made then.
 */
export const knowledgeProvider: Provider = {
  name: 'KNOWLEDGE',
  description: 'Knowledge base fragments relevant to the message',
  position: 75,
  get: async (runtime, message) => {
    const count = Number(runtime.getSetting('KNOWLEDGE_COUNT') ?? 5) || 5;
    const fragments = await runtime.getKnowledge(message, { count });
    if (fragments.length === 0) return { text: '', values: { knowledge: '' }, data: { knowledge: [] } };
    const knowledge = fragments.map((fragment) => `- ${fragment.content.text ?? ''}`).join('\n');
    return { text: `# Knowledge\n${knowledge}`, values: { knowledge }, data: { knowledge: fragments } };
  },
};
