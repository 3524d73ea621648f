import { type IAgentRuntime, LruMap, type Memory, type UUID } from '@kith/core';

/**
 * Which message authors are agents: a bot a connector marked
 * (`metadata.isBot`, `metadata.authorIsAgent`), or another agent on this
 * database (an agents row exists for the author), cached per author.
 */
export class AgentAuthors {
  private readonly known = new LruMap<UUID, boolean>(10_000);

  async isAgent(runtime: IAgentRuntime, message: Memory): Promise<boolean> {
    const metadata = message.metadata ?? {};
    if (metadata.isBot === true || metadata.authorIsAgent === true) return true;
    let known = this.known.get(message.entityId);
    if (known === undefined) {
      known = (await runtime.getAgent(message.entityId)) !== null;
      this.known.set(message.entityId, known);
    }
    return known;
  }

  get size(): number {
    return this.known.size;
  }

  get maxSize(): number {
    return this.known.maxSize;
  }
}
