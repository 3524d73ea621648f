import { ChannelType, createUniqueUuid, KithError, randomUuid, type Content, type IAgentRuntime, type Memory, type UUID } from '@kith/core';

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

/**
 * A DM conversation between a terminal user and one agent. Ids are derived
 * from the names, so the same user meets the same room and history next run.
 */
export class ChatSession {
  readonly userName: string;
  readonly entityId: UUID;
  readonly roomId: UUID;
  private readonly source: string;
  private connected = false;

  constructor(
    private readonly runtime: IAgentRuntime,
    options: ChatSessionOptions = {},
  ) {
    this.userName = options.userName ?? process.env.USER ?? 'user';
    this.source = options.source ?? 'cli';
    this.entityId = createUniqueUuid(runtime, `cli-user:${this.userName}`);
    this.roomId = createUniqueUuid(runtime, `cli-dm:${this.userName}`);
  }

  /** Sends one message and resolves with the agent's replies (none when it chose to ignore). */
  async send(text: string): Promise<ChatReply[]> {
    const service = this.runtime.messageService;
    if (!service) throw new Error('The agent has no message service: add @kith/plugin-bootstrap to its plugins.');
    if (!this.connected) {
      await this.runtime.ensureConnection({
        entityId: this.entityId,
        roomId: this.roomId,
        userName: this.userName,
        name: this.userName,
        source: this.source,
        type: ChannelType.DM,
        channelId: `cli-${this.userName}`,
        serverId: 'cli',
      });
      this.connected = true;
    }
    const message: Memory = {
      id: randomUuid(),
      entityId: this.entityId,
      agentId: this.runtime.agentId,
      roomId: this.roomId,
      content: { text, source: this.source, channelType: ChannelType.DM },
      createdAt: Date.now(),
    };
    const replies: ChatReply[] = [];
    const result = await service.handleMessage(this.runtime, message, async (content: Content) => {
      if (content.text && !(content.actions ?? []).includes('IGNORE')) {
        replies.push({ text: content.text, actions: content.actions ?? [], thought: content.thought ?? '' });
      }
      return [];
    });
    // A failed turn (model down, wrong key, timeout) is an error for the user, not an empty answer.
    if (result.mode === 'error' && replies.length === 0) throw new ChatTurnError(result.error ?? 'the agent could not answer');
    return replies;
  }
}

export const CHAT_TURN_FAILED = 'KITH_CHAT_TURN_FAILED';

/** The agent failed to answer a message; `reason` is the pipeline's error (it names the culprit). */
export class ChatTurnError extends KithError {
  constructor(readonly reason: string) {
    super(CHAT_TURN_FAILED, `The agent could not answer: ${reason}. Check the model settings and the log (LOG_LEVEL=debug) for the cause.`);
  }
}
