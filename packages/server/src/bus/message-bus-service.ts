import {
  AgentNotRunningError,
  type IAgentRuntime,
  LruMap,
  PluginDependencyMissingError,
  Service,
  type ServiceClass,
  ServiceType,
  type UUID,
} from '@kith/core';
import type { BusMessage, DeliveryResult } from './bus-message';
import { findStoredReplies } from './find-replies';
import { InboxJournal } from './inbox-journal';
import type { MessageBus } from './message-bus';
import { agentMemoryId, toAgentMemory } from './to-agent-memory';

/** Outcomes kept per agent so a repeated message id gets the original replies back. */
const RECENT_RESULTS = 1000;

/**
 * An agent's connection to the server's message bus (seed 000): it takes the
 * messages of channels the agent takes part in, makes each a Memory (with
 * ensureConnection for its entity, room and world), runs it through
 * `runtime.messageService.handleMessage` like every other client, and sends
 * thinking signals, stream chunks, replies and the outcome back over the bus
 * to the client the message came from.
 *
 * A message id is taken once: a repeat while the first is in flight, or
 * after it (remembered, or found stored after a restart), returns the
 * original outcome with `duplicate: true` and never produces a new reply.
 *
 * A message is accepted (the `accepted` callback, which clients turn into
 * their acknowledgement) only once it is durable: journaled, or already
 * stored. Messages journaled but never taken in by an earlier process (it
 * was killed) are replayed when the service starts.
 */
export class MessageBusService extends Service {
  static override serviceType: string = ServiceType.MESSAGE_BUS;
  capabilityDescription = 'Connects the agent to the server message bus: takes channel messages, runs them through the pipeline and routes replies back to their client.';

  private readonly inFlight = new Map<string, { accepted: Promise<void>; result: Promise<DeliveryResult> }>();
  private readonly recent = new LruMap<string, DeliveryResult>(RECENT_RESULTS);
  private detach: (() => void) | undefined;
  private paused = false;
  private readonly journal: InboxJournal;

  constructor(
    runtime: IAgentRuntime,
    readonly bus: MessageBus,
  ) {
    super(runtime);
    this.journal = new InboxJournal(runtime);
  }

  /** A Service class bound to `bus`, for `runtime.registerService`. */
  static bindTo(bus: MessageBus): ServiceClass {
    return class BoundMessageBusService extends MessageBusService {
      constructor(runtime?: IAgentRuntime) {
        super(runtime as IAgentRuntime, bus);
      }

      static override async start(runtime: IAgentRuntime): Promise<Service> {
        const service = new BoundMessageBusService(runtime);
        service.connect();
        await service.recover();
        return service;
      }
    };
  }

  get agentId(): UUID {
    return this.runtime.agentId;
  }

  /** False after pause() (POST /stop) or stop(). */
  get running(): boolean {
    return !this.paused && this.detach !== undefined;
  }

  /** Takes no new messages (they are refused with AgentNotRunningError); turns in flight finish. */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  connect(): void {
    this.detach ??= this.bus.attach(this.runtime.agentId, (message, accepted) => this.receive(message, accepted));
  }

  async stop(): Promise<void> {
    this.detach?.();
    this.detach = undefined;
    await Promise.allSettled([...this.inFlight.values()].map((entry) => entry.result));
  }

  /**
   * Replays, oldest first, the messages an earlier process acknowledged but
   * never took in; their replies go to the channels' current subscribers.
   */
  async recover(): Promise<void> {
    const pending = await this.journal.pending();
    if (pending.length > 0) this.runtime.logger.warn({ count: pending.length }, 'Taking in messages acknowledged before the last stop that were never processed');
    for (const message of pending) {
      this.bus.join(message.channelId, this.agentId);
      void this.receive(message)
        .catch((error: unknown) => this.runtime.logger.error({ err: error, messageId: message.id }, 'A recovered message failed'))
        // Once tried (or found stored), the entry has done its job.
        .finally(() => this.clearJournal(message.id));
    }
  }

  /**
   * The bus's entry point: null when the agent does not take part in the
   * message's channel. `accepted` runs once the message is durable, before
   * the pipeline works on it.
   */
  async receive(message: BusMessage, accepted: () => void = () => undefined): Promise<DeliveryResult | null> {
    if (!this.bus.isParticipant(message.channelId, this.agentId)) return null;
    const pending = this.inFlight.get(message.id);
    if (pending) {
      await pending.accepted;
      accepted();
      return this.replay(message, await pending.result);
    }
    const known = this.recent.get(message.id);
    if (known) {
      accepted();
      return this.replay(message, known);
    }
    if (!this.running) throw new AgentNotRunningError(this.agentId, this.runtime.character.name);

    let durable!: () => void;
    let failed!: (error: unknown) => void;
    const acceptance = new Promise<void>((resolve, reject) => ((durable = resolve), (failed = reject)));
    // Only repeats await it; a failure reaches the first sender through `result`.
    acceptance.catch(() => undefined);
    const result = this.process(message, () => {
      durable();
      accepted();
    });
    result.then(durable, failed);
    this.inFlight.set(message.id, { accepted: acceptance, result });
    try {
      const outcome = await result;
      this.recent.set(message.id, outcome);
      return outcome;
    } finally {
      this.inFlight.delete(message.id);
    }
  }

  private replay(message: BusMessage, original: DeliveryResult): DeliveryResult {
    const result: DeliveryResult = { ...original, duplicate: true };
    this.bus.emit({ type: 'done', agentId: this.agentId, channelId: message.channelId, messageId: message.id, clientId: message.clientId, result });
    return result;
  }

  private async process(message: BusMessage, accepted: () => void): Promise<DeliveryResult> {
    const runtime = this.runtime;
    const pipeline = runtime.messageService;
    if (!pipeline) throw new PluginDependencyMissingError('@kith/server', '@kith/plugin-bootstrap');
    const event = { agentId: this.agentId, channelId: message.channelId, messageId: message.id, clientId: message.clientId };
    const base = { agentId: this.agentId, messageId: message.id, memoryId: agentMemoryId(runtime, message.id), roomId: message.channelId };

    // Restart-safe: a message stored and answered before this process began is not answered again.
    // One stored without an answer (the process stopped in between) goes through the pipeline, which
    // answers it without storing it twice.
    const stored = await runtime.getMemoryById(base.memoryId);
    const storedReplies = stored ? await findStoredReplies(runtime, stored) : [];
    if (stored && storedReplies.length > 0) {
      accepted();
      return this.finish(event, { ...base, mode: 'duplicate', duplicate: true, replies: storedReplies });
    }
    await this.journal.record(message);
    accepted();

    await runtime.ensureConnection({
      entityId: message.authorId,
      roomId: message.channelId,
      userName: message.authorName,
      name: message.authorName,
      source: message.source,
      type: message.channelType,
      channelId: message.channelId,
      serverId: message.serverId,
    });
    const memory = toAgentMemory(runtime, message);
    let chunkIndex = 0;
    this.bus.emit({ ...event, type: 'thinking', active: true });
    let result: DeliveryResult;
    try {
      const outcome = await pipeline.handleMessage(
        runtime,
        memory,
        async (content, actionName) => {
          this.bus.emit({ ...event, type: 'reply', content, actionName });
          return [];
        },
        { onStreamChunk: (chunk) => this.bus.emit({ ...event, type: 'chunk', chunk, index: chunkIndex++ }) },
      );
      const duplicate = outcome.mode === 'duplicate';
      result = {
        ...base,
        mode: outcome.mode,
        duplicate,
        replies: duplicate ? await findStoredReplies(runtime, memory) : outcome.responseMessages,
        ...(outcome.runId ? { runId: outcome.runId } : {}),
        ...(outcome.error ? { error: outcome.error } : {}),
      };
    } finally {
      this.bus.emit({ ...event, type: 'thinking', active: false });
    }
    // The pipeline has stored the message (it does so first): the journal entry may go. Not awaited: a
    // crash before the delete commits leaves an entry whose message is stored, which recovery just removes.
    this.clearJournal(message.id);
    return this.finish(event, result);
  }

  private clearJournal(messageId: UUID): void {
    this.journal.clear(messageId).catch((error: unknown) => this.runtime.logger.warn({ err: error, messageId }, 'Could not remove a journal entry'));
  }

  private finish(event: { agentId: UUID; channelId: UUID; messageId: UUID; clientId?: string }, result: DeliveryResult): DeliveryResult {
    this.bus.emit({ ...event, type: 'done', result });
    return result;
  }
}
