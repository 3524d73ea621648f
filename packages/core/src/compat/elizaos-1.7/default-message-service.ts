import { PluginDependencyMissingError } from '../../errors/plugin-dependency-missing-error';
import type { HandlerCallback } from '../../types/components';
import type { Memory } from '../../types/memory';
import type { IMessageService, MessageProcessingOptions, MessageProcessingResult } from '../../types/messaging';
import type { Media } from '../../types/primitives';
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

  /** Attachments are described by the pipeline as a turn reads them; here they are returned as given. */
  processAttachments(_runtime: IAgentRuntime, attachments: Media[]): Promise<Media[]> {
    return Promise.resolve(attachments);
  }

  async deleteMessage(runtime: IAgentRuntime, message: Memory): Promise<void> {
    if (message.id) await runtime.deleteMemory(message.id);
  }

  async clearChannel(runtime: IAgentRuntime, roomId: Memory['roomId']): Promise<void> {
    await runtime.deleteAllMemories(roomId, 'messages');
  }

  whenIdle(runtime?: IAgentRuntime): Promise<void> {
    return runtime?.messageService?.whenIdle?.() ?? Promise.resolve();
  }
}
