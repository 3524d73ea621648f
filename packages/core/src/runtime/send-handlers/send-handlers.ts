import { SendHandlerMissingError } from '../../errors/send-handler-missing-error';
import type { SendHandlerFunction, TargetInfo } from '../../types/messaging';
import type { Content } from '../../types/primitives';
import type { IAgentRuntime } from '../../types/runtime';

/** Delivery to other rooms (SEND_MESSAGE): one handler per source, registered by a client plugin. */
export class SendHandlers {
  private readonly handlers = new Map<string, SendHandlerFunction>();

  register(source: string, handler: SendHandlerFunction): void {
    this.handlers.set(source, handler);
  }

  async send(runtime: IAgentRuntime, target: TargetInfo, content: Content): Promise<void> {
    const handler = this.handlers.get(target.source);
    if (!handler) throw new SendHandlerMissingError(target.source);
    await handler(runtime, target, content);
  }
}
