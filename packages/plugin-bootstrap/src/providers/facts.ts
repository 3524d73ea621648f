import type { IAgentRuntime, Memory, Provider } from '@kith/core';

const SEARCH_COUNT = 6;
const RECENT_COUNT = 6;

/** The message's vector: the stored one, else a fresh TEXT_EMBEDDING; null without an embedding model. */
async function embeddingOf(runtime: IAgentRuntime, message: Memory): Promise<number[] | null> {
  if (Array.isArray(message.embedding) && message.embedding.length > 0) return message.embedding;
  const text = message.content.text?.trim();
  if (!text || runtime.getModel('TEXT_EMBEDDING') === undefined) return null;
  const vector = await runtime.useModel('TEXT_EMBEDDING', { text });
  return Array.isArray(vector) && typeof vector[0] === 'number' ? vector : null;
}

/**
 * Facts the agent learned in this room (stored by REFLECTION): the ones
 * nearest to the message by vector search, then the latest ones. Fills
 * {{facts}} and {{relevantKnowledge}}.
 */
export const factsProvider: Provider = {
  name: 'FACTS',
  description: 'Facts the agent has learned about the people here',
  dynamic: true,
  position: 80,
  get: async (runtime, message) => {
    const recent = await runtime.getMemories({ tableName: 'facts', roomId: message.roomId, count: RECENT_COUNT });
    // No facts in the room: no embedding call, so asking for FACTS on every turn stays cheap.
    if (recent.length === 0) return { values: { facts: '', relevantKnowledge: '' }, data: { facts: [] } };
    let relevant: Memory[] = [];
    try {
      const embedding = await embeddingOf(runtime, message);
      if (embedding) {
        relevant = await runtime.searchMemories({
          tableName: 'facts',
          embedding,
          roomId: message.roomId,
          count: SEARCH_COUNT,
          query: message.content.text,
        });
      }
    } catch (error) {
      // A missing or mismatched embedding still leaves the latest facts.
      runtime.logger.warn({ err: error }, 'FACTS: vector search failed; showing recent facts only');
    }
    const seen = new Set<string>();
    const facts = [...relevant, ...recent].filter((fact) => {
      const key = fact.id ?? fact.content.text ?? '';
      if (!fact.content.text || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (facts.length === 0) return { values: { facts: '', relevantKnowledge: '' }, data: { facts: [] } };
    const text = `# Facts ${runtime.character.name} knows\n${facts.map((f) => `- ${f.content.text}`).join('\n')}`;
    return { text, values: { facts: text, relevantKnowledge: text }, data: { facts } };
  },
};
