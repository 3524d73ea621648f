import { AgentNotFoundError } from '../errors/agent-not-found-error';
import { MessageServiceMissingError } from '../errors/message-service-missing-error';
import type { HandlerCallback } from '../types/components';
import type { HandleMessageOptions, HandleMessageResult, IElizaOS, IncomingMessage } from '../types/eliza-os';
import type { Memory } from '../types/memory';
import type { UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import { randomUuid } from '../uuid/uuid';
import { findAgent, listAgents } from './agent-directory';

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * `runtime.elizaOS`: what elizaOS connectors (Telegram, Discord, ...) call to
 * hand over a message. It fills in the fields elizaOS fills in, makes sure
 * the entity, room and world exist, and passes the message to the agent's
 * `messageService`: the same pipeline, with the same exactly-once check, as
 * every other message. Agents of the same process are reachable by id.
 */
export class ElizaOSFacade implements IElizaOS {
  constructor(private readonly home: IAgentRuntime) {}

  getAgent(agentId: UUID): IAgentRuntime | undefined {
    return agentId === this.home.agentId ? this.home : findAgent(agentId);
  }

  getAgents(): IAgentRuntime[] {
    const others = listAgents().filter((runtime) => runtime !== this.home && runtime.agentId !== this.home.agentId);
    return [this.home, ...others];
  }

  getAgentByName(name: string): IAgentRuntime | undefined {
    const wanted = name.toLowerCase();
    return this.getAgents().find((runtime) => runtime.character.name.toLowerCase() === wanted);
  }

  async handleMessage(
    target: UUID | IAgentRuntime,
    message: IncomingMessage,
    options: HandleMessageOptions = {},
  ): Promise<HandleMessageResult> {
    const runtime = typeof target === 'string' ? this.getAgent(target) : target;
    if (!runtime) throw new AgentNotFoundError(String(target));
    const service = runtime.messageService;
    if (!service) throw new MessageServiceMissingError(runtime.agentId);
    const userMessage: Memory = {
      ...message,
      id: message.id ?? randomUuid(),
      agentId: message.agentId ?? runtime.agentId,
      createdAt: message.createdAt ?? Date.now(),
    };
    const messageId = userMessage.id as UUID;
    await runtime.ensureConnection({
      entityId: userMessage.entityId,
      roomId: userMessage.roomId,
      worldId: message.worldId ?? userMessage.roomId,
      source: userMessage.content.source ?? 'unknown',
      channelId: userMessage.roomId,
    });
    const { onResponse, onError, onComplete, ...processing } = options;
    if (!onResponse) {
      const result = await service.handleMessage(runtime, userMessage, undefined, processing);
      await onComplete?.();
      return { messageId, userMessage, processing: result };
    }
    // Async mode: the caller hears the reply through onResponse; the call returns at once.
    const callback: HandlerCallback = async (content) => {
      try {
        await onResponse(content);
      } catch (error) {
        await onError?.(asError(error));
      }
      return [];
    };
    service
      .handleMessage(runtime, userMessage, callback, processing)
      .then(
        () => onComplete?.(),
        (error: unknown) => {
          runtime.logger.error({ err: error, messageId }, 'elizaOS.handleMessage: the message pipeline failed');
          return onError?.(asError(error));
        },
      )
      .catch((error: unknown) =>
        runtime.logger.error({ err: error, messageId }, 'elizaOS.handleMessage: onComplete/onError threw'),
      );
    return { messageId, userMessage };
  }

  async handleMessages(
    messages: { agentId: UUID; message: IncomingMessage; options?: HandleMessageOptions }[],
  ): Promise<{ agentId: UUID; result?: HandleMessageResult; error?: Error }[]> {
    return Promise.all(
      messages.map(async ({ agentId, message, options }) => {
        try {
          return { agentId, result: await this.handleMessage(agentId, message, options) };
        } catch (error) {
          return { agentId, error: asError(error) };
        }
      }),
    );
  }
}
