import type { UUID } from './primitives';

/**
 * Channels: rooms where several agents and people talk together. Every
 * message of a channel reaches every other participant agent; after a
 * person speaks, the agents together send at most `maxAgentTurns` messages
 * before a person speaks again (the loop guard).
 */

/** The default of a channel's `maxAgentTurns` (the MAX_AGENT_TURNS setting). */
export const DEFAULT_MAX_AGENT_TURNS = 6;

export interface Channel {
  id: UUID;
  name: string;
  /** The agents taking part, in the order they joined. */
  agentIds: UUID[];
  /** How many agent messages may follow a person's message before a person speaks again. */
  maxAgentTurns: number;
  /** Epoch ms. */
  createdAt: number;
}

export type ChannelAuthorKind = 'person' | 'agent';

/** One message of a channel's log, a person's or an agent's. */
export interface ChannelMessage {
  /** The bus message id (a person's, as the client sent it; an agent's, derived from its reply's memory id). */
  id: UUID;
  channelId: UUID;
  authorId: UUID;
  authorName: string;
  authorKind: ChannelAuthorKind;
  text: string;
  /** The channel message this one answers (agents' replies), else null. */
  inReplyTo: UUID | null;
  /** Epoch ms. */
  createdAt: number;
  /** The channel's order: strictly increasing per channel (cursor paging uses it). */
  seq: number;
}

/** What `appendChannelMessage` is given. */
export type NewChannelMessage = Omit<ChannelMessage, 'seq'>;

/**
 * The channel part of the adapter contract (optional: the server's channel
 * routes need it; @kith/plugin-sql implements it on both dialects). Channels
 * are shared by every agent on the database, not scoped to one.
 */
export interface ChannelStore {
  /** Creates the channel; an existing id is left as it is and returned. */
  createChannel(channel: Omit<Channel, 'createdAt'> & { createdAt?: number }): Promise<Channel>;
  getChannel(id: UUID): Promise<Channel | null>;
  /** Replaces the channel's agents (join and leave); null when there is no such channel. */
  setChannelAgents(id: UUID, agentIds: UUID[]): Promise<Channel | null>;
  /**
   * Appends a message to the channel's log, idempotent on its id (a second
   * call writes nothing and returns the first with `created: false`). A
   * person's message also resets the channel's agent-turn count in the same
   * commit (as resetAgentTurns with its createdAt): a new budget opens.
   */
  appendChannelMessage(message: NewChannelMessage): Promise<{ message: ChannelMessage; created: boolean }>;
  getChannelMessage(channelId: UUID, id: UUID): Promise<ChannelMessage | null>;
  /** The channel's messages oldest first, after `afterSeq` (exclusive), at most `limit`. */
  listChannelMessages(channelId: UUID, params: { afterSeq?: number; limit: number }): Promise<ChannelMessage[]>;
  /**
   * Takes one agent turn of the channel's budget: true (and counted) while
   * fewer than `maxAgentTurns` were taken since the last person's message,
   * else false. A turn answering another agent's message is taken only
   * while a turn stays free for each agent of the channel that has not yet
   * taken its turn on the person's message (`answersPerson` marks those),
   * so every agent can answer the person however fast the others talk.
   * Atomic across every server on the database.
   */
  claimAgentTurn(channelId: UUID, params?: { answersPerson?: boolean }): Promise<boolean>;
  /** Gives back a turn taken by an agent that then said nothing. */
  releaseAgentTurn(channelId: UUID): Promise<void>;
  /**
   * A person spoke at `at` (epoch ms) in a channel whose messages do not go
   * through its log (a platform channel reached by connectors): resets the
   * agent-turn count unless a person's message at `at` or later reset it.
   */
  resetAgentTurns(channelId: UUID, at: number): Promise<void>;
}
