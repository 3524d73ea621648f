import {
  type BusEvent,
  type BusMessage,
  type Channel,
  type ChannelMessage,
  type ChannelStore,
  ChannelType,
  DEFAULT_MAX_AGENT_TURNS,
  DEFAULT_SERVER_ID,
  type Logger,
  LruMap,
  type MessageBus,
  randomUuid,
  stringToUuid,
  type UUID,
} from '@kith/core';
import type { AgentRegistry } from '../agents/agent-registry';
import { RequestValidationError, ResourceNotFoundError } from '../errors';
import { CHANNEL_SOURCE } from './channel-source';

/** How often a server of a fleet reads the channels its WebSocket clients follow for messages made elsewhere. */
const FOLLOW_POLL_MS = 500;

/** How long "this room is not a channel" is believed (a channel made on another server becomes known after it). */
const NOT_A_CHANNEL_MS = 5_000;

export interface PostedMessage {
  text: string;
  userName: string;
  id?: UUID;
  entityId?: UUID;
  clientId?: string;
}

/**
 * Channels of several agents and people (the seeds' message bus service:
 * channel participation and reply routing). A person's message is appended
 * to the channel's log (which opens a new agent-turn budget) and published
 * to every participant agent; each agent's reply is appended to the log and
 * published to the other agents, whose message ledgers take it as they take
 * a person's message: durably, in order, once per (agent, message). The
 * agents' loop guard (at most `maxAgentTurns` agent messages after a
 * person's) is taken in each agent's pipeline from the channel's budget in
 * the database, so it holds across the servers of a fleet.
 */
export class ChannelService {
  private readonly known = new LruMap<UUID, Channel>(10_000);
  private readonly notChannels = new LruMap<UUID, number>(10_000);
  /** Replies told per (agent, message) so far: a turn's second reply gets its own id. */
  private readonly replyCounts = new Map<string, number>();
  private readonly unsubscribe: () => void;
  /** Channels followed over WebSockets here, by the seq of the newest message told to them. */
  private readonly followed = new Map<UUID, number>();
  /** Messages put on this server's bus lately: a follower heard those already. */
  private readonly toldHere = new LruMap<UUID, true>(10_000);
  private pollTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly agents: AgentRegistry,
    private readonly bus: MessageBus,
    private readonly logger: Logger,
  ) {
    this.unsubscribe = bus.subscribe((event) => this.observe(event));
  }

  close(): void {
    this.unsubscribe();
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  /**
   * A WebSocket client here follows the channel. On a fleet, the channel's
   * messages posted or answered on other servers reach this server's bus
   * only through the database: they are read from the log every
   * FOLLOW_POLL_MS and told to the followers here.
   */
  async follow(channelId: UUID): Promise<Channel> {
    const channel = await this.require(channelId);
    if (!this.onFleet() || this.followed.has(channelId)) return channel;
    // From the channel's newest message on: what came before is the log a client reads over REST.
    let newest = 0;
    for (;;) {
      const page = await this.store().listChannelMessages(channelId, { afterSeq: newest, limit: 500 });
      newest = page.at(-1)?.seq ?? newest;
      if (page.length < 500) break;
    }
    this.followed.set(channelId, newest);
    this.pollTimer ??= setInterval(() => void this.pollFollowed(), FOLLOW_POLL_MS);
    this.pollTimer.unref();
    return channel;
  }

  private onFleet(): boolean {
    return this.agents.all.some((agent) => {
      try {
        return agent.runtime.adapter.roomCoordinator !== undefined;
      } catch {
        return false;
      }
    });
  }

  private async pollFollowed(): Promise<void> {
    for (const [channelId, afterSeq] of [...this.followed]) {
      if (!this.bus.isWatched(channelId)) {
        this.followed.delete(channelId);
        continue;
      }
      try {
        const fresh = await this.store().listChannelMessages(channelId, { afterSeq, limit: 200 });
        for (const message of fresh) {
          if (!this.toldHere.has(message.id)) this.bus.emit({ type: 'message', message: this.toBusMessage(message) });
        }
        const last = fresh.at(-1);
        if (last) this.followed.set(channelId, last.seq);
      } catch (error) {
        this.logger.warn({ err: error, channelId }, "Could not read a followed channel's new messages");
      }
    }
    if (this.followed.size === 0) {
      clearInterval(this.pollTimer);
      this.pollTimer = undefined;
    }
  }

  /** The database's channel store (every agent's adapter shares the channel tables). */
  store(): ChannelStore {
    for (const agent of this.agents.all) {
      const store = agent.runtime.adapter.channels;
      if (store) return store;
    }
    throw new RequestValidationError(
      'channels',
      'no agent of this server has a database adapter with channels: use @kith/plugin-sql (SQLite or PostgreSQL)',
    );
  }

  async create(params: { name?: string; agentIds: UUID[]; maxAgentTurns?: number }): Promise<Channel> {
    const agentIds = [...new Set(params.agentIds)];
    for (const agentId of agentIds) this.agents.require(agentId);
    const id = randomUuid();
    const channel = await this.store().createChannel({
      id,
      name: params.name ?? `channel ${id.slice(0, 8)}`,
      agentIds,
      maxAgentTurns: params.maxAgentTurns ?? DEFAULT_MAX_AGENT_TURNS,
    });
    this.remember(channel);
    return channel;
  }

  /** The channel, or ResourceNotFoundError (404). */
  async require(channelId: UUID): Promise<Channel> {
    const channel = await this.store().getChannel(channelId);
    if (!channel) throw new ResourceNotFoundError('channel', channelId, 'POST /api/channels makes one');
    this.remember(channel);
    return channel;
  }

  async join(channelId: UUID, agentId: UUID): Promise<Channel> {
    this.agents.require(agentId);
    const channel = await this.require(channelId);
    if (channel.agentIds.includes(agentId)) return channel;
    return this.setAgents(channel, [...channel.agentIds, agentId]);
  }

  async leave(channelId: UUID, agentId: UUID): Promise<Channel> {
    const channel = await this.require(channelId);
    if (!channel.agentIds.includes(agentId))
      throw new ResourceNotFoundError(
        'agent',
        `${agentId} in channel ${channelId}`,
        'GET /api/channels/:id lists them',
      );
    this.bus.leave(channelId, agentId);
    return this.setAgents(
      channel,
      channel.agentIds.filter((id) => id !== agentId),
    );
  }

  /**
   * A person's message: appended to the log, then published to the
   * channel's agents. Resolves with its id once every running agent has it
   * durably (their replies follow in the channel).
   */
  async post(channelId: UUID, posted: PostedMessage): Promise<{ messageId: UUID; agentIds: UUID[] }> {
    const channel = await this.require(channelId);
    const id = posted.id ?? randomUuid();
    const authorId = posted.entityId ?? stringToUuid(`kith-user:${posted.userName}`);
    const { message, created } = await this.store().appendChannelMessage({
      id,
      channelId,
      authorId,
      authorName: posted.userName,
      authorKind: 'person',
      text: posted.text,
      inReplyTo: null,
      createdAt: Date.now(),
    });
    if (!created && message.text !== posted.text)
      throw new RequestValidationError('body.id', 'this id belongs to another message of the channel');
    const agentIds = this.running(channel);
    const busMessage = this.toBusMessage(message, posted.clientId);
    await new Promise<void>((accepted, failed) => {
      let durable = false;
      this.bus
        .publish(busMessage, () => {
          durable = true;
          accepted();
        })
        .then(
          () => accepted(),
          (error: unknown) => {
            if (!durable) failed(error);
            else this.logger.warn({ err: error, channelId, messageId: id }, 'A channel message failed');
          },
        );
    });
    return { messageId: id, agentIds };
  }

  async list(channelId: UUID, params: { after?: number; limit: number }): Promise<ChannelMessage[]> {
    await this.require(channelId);
    return this.store().listChannelMessages(channelId, { afterSeq: params.after, limit: params.limit });
  }

  /** Whether the room is a channel (cached; a room that is not one is looked up again after a while). */
  async channelOf(roomId: UUID): Promise<Channel | null> {
    const known = this.known.get(roomId);
    if (known) return known;
    const since = this.notChannels.get(roomId);
    if (since !== undefined && Date.now() - since < NOT_A_CHANNEL_MS) return null;
    let store: ChannelStore;
    try {
      store = this.store();
    } catch {
      return null;
    }
    const channel = await store.getChannel(roomId);
    if (channel) this.remember(channel);
    else this.notChannels.set(roomId, Date.now());
    return channel;
  }

  private async setAgents(channel: Channel, agentIds: UUID[]): Promise<Channel> {
    const updated = await this.store().setChannelAgents(channel.id, agentIds);
    if (!updated) throw new ResourceNotFoundError('channel', channel.id);
    this.remember(updated);
    return updated;
  }

  /** Keeps the channel and makes its agents running here participants of its bus channel. */
  private remember(channel: Channel): void {
    this.known.set(channel.id, channel);
    this.notChannels.delete(channel.id);
    for (const agentId of channel.agentIds) if (this.agents.get(agentId)) this.bus.join(channel.id, agentId);
  }

  private running(channel: Channel): UUID[] {
    return channel.agentIds.filter((agentId) => this.agents.get(agentId)?.status === 'running');
  }

  private toBusMessage(message: ChannelMessage, clientId?: string): BusMessage {
    return {
      id: message.id,
      channelId: message.channelId,
      serverId: DEFAULT_SERVER_ID,
      authorId: message.authorId,
      authorName: message.authorName,
      text: message.text,
      source: message.authorKind === 'agent' ? CHANNEL_SOURCE : 'client_chat',
      channelType: ChannelType.GROUP,
      createdAt: message.createdAt,
      ...(clientId ? { clientId } : {}),
    };
  }

  /** An agent's reply in a channel becomes a channel message for the other agents. */
  private observe(event: BusEvent): void {
    if (event.type === 'message') {
      this.toldHere.set(event.message.id, true);
      return;
    }
    if (event.type === 'done') {
      this.replyCounts.delete(`${event.agentId}:${event.messageId}`);
      return;
    }
    if (event.type !== 'reply') return;
    const text = event.content.text;
    if (!text || event.content.actions?.includes('IGNORE')) return;
    const key = `${event.agentId}:${event.messageId}`;
    const index = this.replyCounts.get(key) ?? 0;
    this.replyCounts.set(key, index + 1);
    void this.relay(event.agentId, event.channelId, event.messageId, index, text).catch((error: unknown) =>
      this.logger.warn(
        { err: error, agentId: event.agentId, channelId: event.channelId },
        'Could not pass an agent reply on to the channel',
      ),
    );
  }

  private async relay(agentId: UUID, channelId: UUID, answered: UUID, index: number, text: string): Promise<void> {
    if (!(await this.channelOf(channelId))) return;
    // Read fresh: an agent may have joined on another server of the fleet, and must hear this reply here too.
    const channel = await this.store().getChannel(channelId);
    if (!channel) return;
    this.remember(channel);
    const author = this.agents.get(agentId);
    // The same id on every server that hears of this reply: the log and the ledgers take it once.
    const id = stringToUuid(`kith-channel-reply:${agentId}:${answered}:${index}`);
    const { message, created } = await this.store().appendChannelMessage({
      id,
      channelId,
      authorId: agentId,
      authorName: author?.name ?? agentId,
      authorKind: 'agent',
      text,
      inReplyTo: answered,
      createdAt: Date.now(),
    });
    if (created) await this.bus.publish(this.toBusMessage(message));
  }
}
