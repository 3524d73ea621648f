import {
  type ChannelStore,
  DEFAULT_MAX_AGENT_TURNS,
  type IAgentRuntime,
  LruMap,
  type Memory,
  type Room,
  stringToUuid,
  type UUID,
} from '@kith/core';
import type { AgentAuthors } from './agent-authors';

/** How long "this room is not a channel of several agents" is believed before it is looked up again. */
const NOT_A_CHANNEL_MS = 10_000;

/** What a turn holds in a channel of several agents: one turn of the channel's budget, given back if it says nothing. */
export interface AgentTurn {
  release(): Promise<void>;
}

/** The outcome of asking for a turn: none needed (not a channel of several agents), held, or spent (stay silent). */
export type TurnClaim = { kind: 'free' } | { kind: 'held'; turn: AgentTurn } | { kind: 'spent'; max: number };

const FREE: TurnClaim = { kind: 'free' };

/** The setting that caps agent messages after a person's (MAX_AGENT_TURNS, default 6). */
function maxAgentTurns(runtime: IAgentRuntime): number {
  const configured = Number(runtime.getSetting('MAX_AGENT_TURNS'));
  return Number.isInteger(configured) && configured >= 0 ? configured : DEFAULT_MAX_AGENT_TURNS;
}

/**
 * The loop guard of rooms where several agents talk: after a person's
 * message, the agents together send at most `maxAgentTurns` messages before
 * a person speaks again. Each turn in such a room takes one turn of the
 * channel's budget before any model call (a turn that then says nothing gives
 * it back); when the budget is spent the agent stays silent without a model
 * call. The budget lives in the database (`adapter.channels`), so it holds
 * across agents, processes and the servers of a fleet.
 *
 * Two kinds of room qualify: a Kith channel (the server's `/api/channels`,
 * whose room id is the channel id; a person's message resets the budget as
 * the server appends it to the channel's log), and a platform channel that
 * connectors bring several agents into (known once an agent's message is
 * seen in it; keyed by source, server and channel id, so every agent's room
 * of one platform channel shares the budget; a person's message resets it
 * here).
 */
export class AgentTurnGuard {
  private readonly notChannels = new LruMap<UUID, number>(10_000);
  private readonly channelRooms = new LruMap<UUID, UUID>(10_000);

  constructor(private readonly authors: AgentAuthors) {}

  async claim(runtime: IAgentRuntime, message: Memory, room: Room | null): Promise<TurnClaim> {
    const store = runtime.adapter.channels;
    if (!store) return FREE;
    const channelId = await this.channelOf(runtime, store, message, room);
    if (!channelId) return FREE;
    if (await store.claimAgentTurn(channelId)) {
      return { kind: 'held', turn: { release: () => store.releaseAgentTurn(channelId) } };
    }
    const channel = await store.getChannel(channelId);
    return { kind: 'spent', max: channel?.maxAgentTurns ?? maxAgentTurns(runtime) };
  }

  /** The channel whose budget this room's turns take, or null for a room of one agent. */
  private async channelOf(
    runtime: IAgentRuntime,
    store: ChannelStore,
    message: Memory,
    room: Room | null,
  ): Promise<UUID | null> {
    const known = this.channelRooms.get(message.roomId);
    if (known) return this.resetOnPerson(runtime, store, message, known);
    const since = this.notChannels.get(message.roomId);
    const agentAuthored = await this.authors.isAgent(runtime, message);
    if (since !== undefined && Date.now() - since < NOT_A_CHANNEL_MS && !agentAuthored) return null;

    // A Kith channel: the room id is the channel id.
    if (await store.getChannel(message.roomId)) {
      this.channelRooms.set(message.roomId, message.roomId);
      return message.roomId;
    }
    // A platform channel: one budget for every agent's room of it.
    if (room?.channelId && room.source) {
      const platformChannel = stringToUuid(`channel:${room.source}:${room.serverId ?? ''}:${room.channelId}`);
      let channel = await store.getChannel(platformChannel);
      if (!channel && agentAuthored) {
        channel = await store.createChannel({
          id: platformChannel,
          name: `${room.source} ${room.channelId}`,
          agentIds: [],
          maxAgentTurns: maxAgentTurns(runtime),
        });
      }
      if (channel) {
        this.channelRooms.set(message.roomId, platformChannel);
        return this.resetOnPerson(runtime, store, message, platformChannel, agentAuthored);
      }
    }
    this.notChannels.set(message.roomId, Date.now());
    return null;
  }

  /** In a platform channel, a person's message opens a new budget (a Kith channel's log does that itself). */
  private async resetOnPerson(
    runtime: IAgentRuntime,
    store: ChannelStore,
    message: Memory,
    channelId: UUID,
    agentAuthored?: boolean,
  ): Promise<UUID> {
    if (channelId === message.roomId) return channelId;
    if (!(agentAuthored ?? (await this.authors.isAgent(runtime, message))))
      await store.resetAgentTurns(channelId, message.createdAt ?? Date.now());
    return channelId;
  }
}
