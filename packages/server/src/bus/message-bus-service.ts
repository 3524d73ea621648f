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
 */
export class MessageBusService extends Service {
  static override serviceType: string = ServiceType.MESSAGE_BUS;
  capabilityDescription = 'Connects the agent to the server message bus: takes channel messages, runs them through the pipeline and routes replies back to their client.';

  private readonly inFlight = new Map<string, Promise<DeliveryResult>>();
  private readonly recent = new LruMap<string, DeliveryResult>(RECENT_RESULTS);
  private detach: (() => void) | undefined;
  private paused = false;

  constructor(
    runtime: IAgentRuntime,
    readonly bus: MessageBus,
  ) {
    super(runtime);
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
    this.detach ??= this.bus.attach(this.runtime.agentId, (message) => this.receive(message));
  }

  async stop(): Promise<void> {
    this.detach?.();
    this.detach = undefined;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** The bus's entry point: null when the agent does not take part in the message's channel. */
  async receive(message: BusMessage): Promise<DeliveryResult | null> {
    if (!this.bus.isParticipant(message.channelId, this.agentId)) return null;
    const pending = this.inFlight.get(message.id);
    if (pending) return this.replay(message, await pending);
    const known = this.recent.get(message.id);
    if (known) return this.replay(message, known);
    if (!this.running) throw new AgentNotRunningError(this.agentId, this.runtime.character.name);

    const run = this.process(message);
    this.inFlight.set(message.id, run);
    try {
      const result = await run;
      this.recent.set(message.id, result);
      return result;
    } finally {
      this.inFlight.delete(message.id);
    }
  }

  private replay(message: BusMessage, original: DeliveryResult): DeliveryResult {
    const result: DeliveryResult = { ...original, duplicate: true };
    this.bus.emit({ type: 'done', agentId: this.agentId, channelId: message.channelId, messageId: message.id, clientId: message.clientId, result });
    return result;
  }

  private async process(message: BusMessage): Promise<DeliveryResult> {
    const runtime = this.runtime;
    const pipeline = runtime.messageService;
    if (!pipeline) throw new PluginDependencyMissingError('@kith/server', '@kith/plugin-bootstrap');
    const event = { agentId: this.agentId, channelId: message.channelId, messageId: message.id, clientId: message.clientId };
    const base = { agentId: this.agentId, messageId: message.id, memoryId: agentMemoryId(runtime, message.id), roomId: message.channelId };

    // Restart-safe: a message stored before this process began is not answered again.
    const stored = await runtime.getMemoryById(base.memoryId);
    if (stored) return this.finish(event, { ...base, mode: 'duplicate', duplicate: true, replies: await findStoredReplies(runtime, stored) });

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
    return this.finish(event, result);
  }

  private finish(event: { agentId: UUID; channelId: UUID; messageId: UUID; clientId?: string }, result: DeliveryResult): DeliveryResult {
    this.bus.emit({ ...event, type: 'done', result });
    return result;
  }
}
