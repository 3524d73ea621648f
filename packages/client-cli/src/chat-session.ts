import {
  ChannelType,
  createUniqueUuid,
  type DeliveryResult,
  type IAgentRuntime,
  MessageBus,
  MessageBusService,
  PluginDependencyMissingError,
  toBusMessage,
  type UUID,
} from '@kith/core';
import { isActionLine, runActionLine } from './run-action-line';
import { ChatTurnError } from './errors/chat-turn-error';

export interface ChatSessionOptions {
  /** Who is typing; names the user entity and, with the agent, the DM room. */
  userName?: string;
  source?: string;
}

/** One reply as the terminal shows it. */
export interface ChatReply {
  text: string;
  actions: string[];
  thought: string;
}

/** The bus world of terminal conversations (each agent files them under one world). */
const CLI_SERVER_ID = 'cli';

// One in-process bus per runtime, shared by its sessions: the agent's MessageBusService is registered once.
// It does not replay the inbox at start: a server running on the same database may own those entries.
const buses = new WeakMap<IAgentRuntime, Promise<MessageBus>>();

function localBus(runtime: IAgentRuntime): Promise<MessageBus> {
  let bus = buses.get(runtime);
  if (!bus) {
    const created = new MessageBus(runtime.logger);
    bus = MessageBusService.attach(runtime, created, { recover: false }).then(() => created);
    // A failed start may be retried by the next send.
    bus.catch(() => buses.delete(runtime));
    buses.set(runtime, bus);
  }
  return bus;
}

/**
 * A DM conversation between a terminal user and one agent, through the
 * agent's message bus like every other client (durable inbox, exactly-once
 * replies). Ids are derived from the names, so the same user meets the same
 * room and history next run.
 */
export class ChatSession {
  readonly userName: string;
  readonly entityId: UUID;
  readonly roomId: UUID;
  private readonly source: string;

  constructor(
    private readonly runtime: IAgentRuntime,
    options: ChatSessionOptions = {},
  ) {
    this.userName = options.userName ?? process.env.USER ?? 'user';
    this.source = options.source ?? 'cli';
    this.entityId = createUniqueUuid(runtime, `cli-user:${this.userName}`);
    this.roomId = createUniqueUuid(runtime, `cli-dm:${this.userName}`);
  }

  /**
   * Sends one message and resolves with the agent's replies (none when it chose to ignore).
   * `/action NAME {json}` runs that action directly instead (see runActionLine).
   */
  async send(text: string): Promise<ChatReply[]> {
    if (isActionLine(text))
      return runActionLine(this.runtime, text, { entityId: this.entityId, roomId: this.roomId, source: this.source });
    if (!this.runtime.messageService)
      throw new PluginDependencyMissingError('@kith/client-cli', '@kith/plugin-bootstrap');
    const bus = await localBus(this.runtime);
    bus.join(this.roomId, this.runtime.agentId);
    const message = toBusMessage(
      { text, userName: this.userName, source: this.source, channelType: ChannelType.DM },
      {
        channelId: this.roomId,
        authorId: this.entityId,
        defaultSource: this.source,
        serverId: CLI_SERVER_ID,
        targetAgentId: this.runtime.agentId,
      },
    );
    // What the agent says comes back as bus events, as to every client.
    const replies: ChatReply[] = [];
    const stopListening = bus.subscribe((event) => {
      if (event.type !== 'reply' || event.messageId !== message.id || event.agentId !== this.runtime.agentId) return;
      const { content } = event;
      if (content.text && !(content.actions ?? []).includes('IGNORE')) {
        replies.push({ text: content.text, actions: content.actions ?? [], thought: content.thought ?? '' });
      }
    });
    let result: DeliveryResult | undefined;
    try {
      [result] = await bus.publish(message);
    } finally {
      stopListening();
    }
    // A failed turn (model down, wrong key, timeout) is an error for the user, not an empty answer.
    if (result?.mode === 'error' && replies.length === 0)
      throw new ChatTurnError(result.error ?? 'the agent could not answer');
    return replies;
  }
}
