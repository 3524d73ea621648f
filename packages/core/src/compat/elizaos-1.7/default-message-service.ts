import { PluginDependencyMissingError } from '../../errors/plugin-dependency-missing-error';
import type { HandlerCallback } from '../../types/components';
import type { Memory } from '../../types/memory';
import type { Room } from '../../types/environment';
import type {
  IMessageService,
  MessageProcessingOptions,
  MessageProcessingResult,
  ResponseDecision,
} from '../../types/messaging';
import type { Media, MentionContext, UUID } from '../../types/primitives';
import type { IAgentRuntime } from '../../types/runtime';

const marker = Symbol.for('kith.compat.DefaultMessageService');

/** True for elizaOS's `new DefaultMessageService()` from any copy of @kith/core. */
export function isDefaultMessageServiceAlias(service: unknown): boolean {
  return typeof service === 'object' && service !== null && marker in service;
}

/**
 * elizaOS's `DefaultMessageService`, in Kith the name of the agent's default
 * pipeline: the one @kith/plugin-bootstrap installs, behind the message ledger
 * (which answers each message once). Its calls go to `runtime.messageService`;
 * installing one (`runtime.messageService = new DefaultMessageService()`, as
 * elizaOS's server does) keeps the pipeline that is installed.
 */
export class DefaultMessageService implements IMessageService {
  private readonly [marker] = true;

  private pipelineOf(runtime: IAgentRuntime): IMessageService {
    const service = runtime.messageService;
    if (!service || isDefaultMessageServiceAlias(service))
      throw new PluginDependencyMissingError('DefaultMessageService', '@kith/plugin-bootstrap');
    return service;
  }

  handleMessage(
    runtime: IAgentRuntime,
    message: Memory,
    callback?: HandlerCallback,
    options?: MessageProcessingOptions,
  ): Promise<MessageProcessingResult> {
    return this.pipelineOf(runtime).handleMessage(runtime, message, callback, options);
  }

  shouldRespond(
    runtime: IAgentRuntime,
    message: Memory,
    room?: Room,
    mentionContext?: MentionContext,
  ): ResponseDecision {
    return this.front(runtime).shouldRespond(runtime, message, room, mentionContext);
  }

  processAttachments(runtime: IAgentRuntime, attachments: Media[]): Promise<Media[]> {
    return this.front(runtime).processAttachments(runtime, attachments);
  }

  deleteMessage(runtime: IAgentRuntime, message: Memory): Promise<void> {
    return this.front(runtime).deleteMessage(runtime, message);
  }

  clearChannel(runtime: IAgentRuntime, roomId: UUID, channelId?: string): Promise<void> {
    return this.front(runtime).clearChannel(runtime, roomId, channelId);
  }

  /** `runtime.messageService` is the ledger front, which has every member of the contract. */
  private front(runtime: IAgentRuntime): Required<Omit<IMessageService, 'whenIdle'>> {
    return this.pipelineOf(runtime) as Required<Omit<IMessageService, 'whenIdle'>>;
  }

  whenIdle(runtime?: IAgentRuntime): Promise<void> {
    return runtime?.messageService?.whenIdle?.() ?? Promise.resolve();
  }
}
