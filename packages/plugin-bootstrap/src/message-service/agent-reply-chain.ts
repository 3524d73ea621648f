import { type IAgentRuntime, LruMap, type Memory, type UUID } from '@kith/core';
import type { AgentAuthors } from './agent-authors';

/**
 * Cuts agent-to-agent ping-pong: counts consecutive messages from other
 * agents per room (reset by any human message); past MAX_AGENT_REPLY_CHAIN
 * (default 3) the agent stops answering them until a human speaks.
 */
export class AgentReplyChain {
  private readonly chains = new LruMap<UUID, number>(10_000);

  constructor(private readonly authors: AgentAuthors) {}

  /** Records the message; true when the agent should not answer it. */
  async exceeded(runtime: IAgentRuntime, message: Memory): Promise<boolean> {
    if (!(await this.authors.isAgent(runtime, message))) {
      this.chains.delete(message.roomId);
      return false;
    }
    const length = (this.chains.get(message.roomId) ?? 0) + 1;
    this.chains.set(message.roomId, length);
    const configured = Number(runtime.getSetting('MAX_AGENT_REPLY_CHAIN'));
    const max = Number.isFinite(configured) && configured >= 0 ? configured : 3;
    return length > max;
  }

  /** Entries held now and their caps (for stats). */
  get sizes(): { chains: number; chainsMax: number; authors: number; authorsMax: number } {
    return {
      chains: this.chains.size,
      chainsMax: this.chains.maxSize,
      authors: this.authors.size,
      authorsMax: this.authors.maxSize,
    };
  }
}
