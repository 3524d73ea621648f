import type { Channel, ChannelMessage, ChannelStore, NewChannelMessage, UUID } from '@kith/core';
import type { ChannelFunctions, StoreResult } from './dialect-stores';
import type { WriteOrder } from './sql-database-adapter';

/** How the adapter runs a store call in its session (SqlDatabaseAdapter's `run`). */
export type RunStoreCall<C> = <T>(method: string, order: WriteOrder, fn: (ctx: C) => StoreResult<T>) => Promise<T>;

/**
 * The adapter's `channels` (core's ChannelStore) over a dialect's channel
 * store. Channels are shared by every agent on the database: no call is
 * scoped to the adapter's agent. Writes join the dialect's write path
 * (SQLite's group commit) and settle once committed; reads see them.
 */
export class AdapterChannels<C> implements ChannelStore {
  constructor(
    private readonly store: ChannelFunctions<C>,
    private readonly run: RunStoreCall<C>,
  ) {}

  createChannel(channel: Omit<Channel, 'createdAt'> & { createdAt?: number }): Promise<Channel> {
    return this.run('channels.createChannel', 'joins-writes', (ctx) => this.store.createChannel(ctx, channel));
  }

  getChannel(id: UUID): Promise<Channel | null> {
    return this.run('channels.getChannel', 'after-writes', (ctx) => this.store.getChannel(ctx, id));
  }

  setChannelAgents(id: UUID, agentIds: UUID[]): Promise<Channel | null> {
    return this.run('channels.setChannelAgents', 'joins-writes', (ctx) =>
      this.store.setChannelAgents(ctx, id, agentIds),
    );
  }

  appendChannelMessage(message: NewChannelMessage): Promise<{ message: ChannelMessage; created: boolean }> {
    return this.run('channels.appendChannelMessage', 'joins-writes', (ctx) =>
      this.store.appendChannelMessage(ctx, message),
    );
  }

  getChannelMessage(channelId: UUID, id: UUID): Promise<ChannelMessage | null> {
    return this.run('channels.getChannelMessage', 'after-writes', (ctx) =>
      this.store.getChannelMessage(ctx, channelId, id),
    );
  }

  listChannelMessages(channelId: UUID, params: { afterSeq?: number; limit: number }): Promise<ChannelMessage[]> {
    return this.run('channels.listChannelMessages', 'after-writes', (ctx) =>
      this.store.listChannelMessages(ctx, channelId, params),
    );
  }

  claimAgentTurn(channelId: UUID, params?: { answersPerson?: boolean }): Promise<boolean> {
    return this.run('channels.claimAgentTurn', 'joins-writes', (ctx) =>
      this.store.claimAgentTurn(ctx, channelId, params),
    );
  }

  releaseAgentTurn(channelId: UUID): Promise<void> {
    return this.run('channels.releaseAgentTurn', 'joins-writes', (ctx) => this.store.releaseAgentTurn(ctx, channelId));
  }

  resetAgentTurns(channelId: UUID, at: number): Promise<void> {
    return this.run('channels.resetAgentTurns', 'joins-writes', (ctx) =>
      this.store.resetAgentTurns(ctx, channelId, at),
    );
  }
}
