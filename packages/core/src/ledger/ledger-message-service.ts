import type { HandlerCallback } from '../types/components';
import type { Memory } from '../types/memory';
import type { Room } from '../types/environment';
import type {
  IMessageService,
  MessageProcessingOptions,
  MessageProcessingResult,
  ResponseDecision,
} from '../types/messaging';
import type { Media, MentionContext, UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import { randomUuid } from '../uuid/uuid';
import type { DeliveryResult } from './bus-message';
import { callbackTeller, memoryIntake } from './ledger-intake';
import { MessageLedger } from './message-ledger';

/** What a caller of `messageService.handleMessage` gets for a delivery whose turn did not run here. */
function processingOf(result: DeliveryResult): MessageProcessingResult {
  const spoken = result.replies.filter((reply) => !reply.content.actions?.includes('IGNORE'));
  const last = result.replies.at(-1);
  return {
    didRespond: !result.duplicate && spoken.length > 0,
    mode: result.duplicate ? 'duplicate' : result.mode,
    responseContent: last?.content ?? null,
    responseMessages: result.replies,
    ...(result.runId ? { runId: result.runId } : {}),
    ...(result.error ? { error: result.error } : {}),
  };
}

/**
 * `runtime.messageService` as plugins see it: the installed pipeline behind
 * the agent's MessageLedger. A connector that emits MESSAGE_RECEIVED, calls
 * `runtime.elizaOS.handleMessage` or this service's `handleMessage` gets
 * what a REST client gets: durable acceptance, room order, exactly once, and
 * on a fleet one answer however many servers received the message (its
 * callback fires on the server whose acceptance won, never twice).
 */
export class LedgerMessageService implements IMessageService {
  constructor(readonly pipeline: IMessageService) {}

  async handleMessage(
    runtime: IAgentRuntime,
    message: Memory,
    callback?: HandlerCallback,
    options: MessageProcessingOptions = {},
  ): Promise<MessageProcessingResult> {
    // The agent's own messages are never answered (and never take a place in the ledger).
    if (message.entityId === runtime.agentId)
      return { didRespond: false, mode: 'skipped', responseContent: null, responseMessages: [] };
    message.id ??= randomUuid();
    let processed: MessageProcessingResult | undefined;
    // The chunks reach options.onStreamChunk through the teller, once.
    const { onStreamChunk, ...processing } = options;
    const intake = memoryIntake(message as Memory & { id: UUID }, callbackTeller(callback, onStreamChunk), {
      processing,
      processed: (result) => (processed = result),
    });
    const delivered = await MessageLedger.of(runtime).receive(intake);
    // The pipeline's own result when the turn ran here (it carries the state); else one made from the delivery.
    return processed && !delivered.duplicate ? processed : processingOf(delivered);
  }

  whenIdle(): Promise<void> {
    return this.pipeline.whenIdle?.() ?? Promise.resolve();
  }

  /** The pipeline's quick check; one without it leaves every decision to its own turn. */
  shouldRespond(
    runtime: IAgentRuntime,
    message: Memory,
    room?: Room,
    mentionContext?: MentionContext,
  ): ResponseDecision {
    return (
      this.pipeline.shouldRespond?.(runtime, message, room, mentionContext) ?? {
        shouldRespond: false,
        skipEvaluation: false,
        reason: 'the pipeline decides in its turn',
      }
    );
  }

  processAttachments(runtime: IAgentRuntime, attachments: Media[]): Promise<Media[]> {
    return this.pipeline.processAttachments?.(runtime, attachments) ?? Promise.resolve(attachments);
  }

  async deleteMessage(runtime: IAgentRuntime, message: Memory): Promise<void> {
    if (this.pipeline.deleteMessage) return this.pipeline.deleteMessage(runtime, message);
    if (message.id) await runtime.deleteMemory(message.id);
  }

  async clearChannel(runtime: IAgentRuntime, roomId: UUID, channelId?: string): Promise<void> {
    if (this.pipeline.clearChannel) return this.pipeline.clearChannel(runtime, roomId, channelId);
    await runtime.deleteAllMemories(roomId, 'messages');
  }
}

const fronts = new WeakMap<IMessageService, LedgerMessageService>();

/** The ledger-fronted service for an installed pipeline (one per pipeline, so `runtime.messageService` is stable). */
export function ledgerFront(pipeline: IMessageService | null): IMessageService | null {
  if (!pipeline) return null;
  let front = fronts.get(pipeline);
  if (!front) {
    front = new LedgerMessageService(pipeline);
    fronts.set(pipeline, front);
  }
  return front;
}

/** The pipeline behind a service a plugin installs (a ledger front given back is unwrapped). */
export function pipelineBehind(service: IMessageService | null): IMessageService | null {
  return service instanceof LedgerMessageService ? service.pipeline : service;
}
