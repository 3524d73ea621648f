import { type IAgentRuntime, LruMap, type Memory, type UUID } from '@kith/core';

/**
 * Cuts agent-to-agent ping-pong: counts consecutive messages from other
 * agents per room (reset by any human message); past MAX_AGENT_REPLY_CHAIN
 * (default 3) the agent stops answering them until a human speaks.
 */
export class AgentReplyChain {
  private readonly chains = new LruMap<UUID, number>(10_000);
  /** Entity id → whether it is an agent (an agents row exists), cached. */
  private readonly agents = new LruMap<UUID, boolean>(10_000);

  /** Records the message; true when the agent should not answer it. */
  async exceeded(runtime: IAgentRuntime, message: Memory): Promise<boolean> {
    if (!(await this.isAgentAuthored(runtime, message))) {
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
      authors: this.agents.size,
      authorsMax: this.agents.maxSize,
    };
  }

  private async isAgentAuthored(runtime: IAgentRuntime, message: Memory): Promise<boolean> {
    const metadata = message.metadata ?? {};
    if (metadata.isBot === true || metadata.authorIsAgent === true) return true;
    let known = this.agents.get(message.entityId);
    if (known === undefined) {
      known = (await runtime.getAgent(message.entityId)) !== null;
      this.agents.set(message.entityId, known);
    }
    return known;
  }
}
