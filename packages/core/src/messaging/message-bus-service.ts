import { AgentNotRunningError } from '../errors/agent-not-running-error';
import { PluginDependencyMissingError } from '../errors/plugin-dependency-missing-error';
import { PluginInitError } from '../errors/plugin-init-error';
import { Service, ServiceType } from '../services/service';
import type { RoomCoordinator } from '../types/room-coordinator';
import type { ServiceClass } from '../types/service';
import type { Memory } from '../types/memory';
import type { UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import { LruMap } from '../utils/lru-map';
import { ArrivalClock } from './arrival-clock';
import type { BusMessage, DeliveryResult } from './bus-message';
import { DurableInbox } from './durable-inbox';
import { FleetDelivery } from './fleet-delivery';
import { memoryPolicy } from './memory-policy';
import type { MessageBus } from './message-bus';
import { RoomHandoff } from './room-handoff';
import { type AnswerOptions, type ResultBase, resultBase, type TurnEvent, turnEvent } from './turn-parts';
import { findStoredReplies } from './stored-replies';
import { toAgentMemory } from './to-agent-memory';

/** Outcomes kept per agent so a repeated message id gets the original replies back. */
const RECENT_RESULTS = 1000;

/** The adapter's fleet coordinator, if it has one (foreign adapters and SQLite do not). */
function coordinatorOf(runtime: IAgentRuntime): RoomCoordinator | undefined {
  try {
    return runtime.adapter?.roomCoordinator ?? undefined;
  } catch {
    return undefined; // no adapter registered
  }
}

export interface MessageBusServiceOptions {
  /**
   * Replay, when the service starts, the inbox entries an earlier process
   * accepted and never answered (default true). A client sharing the
   * database with a running server (an in-process `kith chat`) passes false:
   * the server's entries in flight are not its to answer.
   */
  recover?: boolean;
}

/**
 * An agent's connection to a message bus (seed 000), the one way messages
 * from clients (REST, WebSocket, the terminal chat, platform adapters) reach
 * the agent's pipeline. It takes the messages of channels the agent takes
 * part in, makes each a Memory (with ensureConnection for its entity, room
 * and world), runs it through `runtime.messageService.handleMessage`, and
 * sends thinking signals, stream chunks, replies and the outcome back over
 * the bus to the client the message came from.
 *
 * A message is accepted (the `accepted` callback, which clients turn into
 * their acknowledgement) once it is durable: its inbox entry and, when the
 * memory policy stores messages, its memory are committed together. The
 * reply (or IGNORE) and the entry's `answered` state commit together too.
 * Entries an earlier process accepted and never answered (it was killed)
 * are replayed when the service starts.
 *
 * A message id is taken once: a repeat while the first is in flight, or
 * after it (remembered, or found in the inbox after a restart), returns the
 * original outcome with `duplicate: true` and never produces a new reply.
 */
export class MessageBusService extends Service {
  static override serviceType: string = ServiceType.MESSAGE_BUS;
  capabilityDescription =
    'Connects the agent to a message bus: takes channel messages, runs them through the pipeline and routes replies back to their client.';

  private readonly inFlight = new Map<string, { accepted: Promise<void>; result: Promise<DeliveryResult> }>();
  private readonly recent = new LruMap<string, DeliveryResult>(RECENT_RESULTS);
  private readonly clock = new ArrivalClock();
  private readonly handoff = new RoomHandoff();
  private readonly inbox: DurableInbox;
  private detach: (() => void) | undefined;
  private paused = false;
  private fleet: FleetDelivery | undefined;

  constructor(
    runtime: IAgentRuntime,
    readonly bus: MessageBus,
  ) {
    super(runtime);
    this.inbox = new DurableInbox(runtime);
  }

  /** A Service class bound to `bus`, for `runtime.registerService`. */
  static bindTo(bus: MessageBus, options: MessageBusServiceOptions = {}): ServiceClass {
    return class BoundMessageBusService extends MessageBusService {
      constructor(runtime?: IAgentRuntime) {
        super(runtime as IAgentRuntime, bus);
      }

      static override async start(runtime: IAgentRuntime): Promise<Service> {
        const service = new BoundMessageBusService(runtime);
        service.connect();
        if (options.recover !== false) await service.recover();
        return service;
      }
    };
  }

  /** Registers a service bound to `bus` on the runtime (by default it replays the inbox as it starts) and returns it. */
  static async attach(
    runtime: IAgentRuntime,
    bus: MessageBus,
    options: MessageBusServiceOptions = {},
  ): Promise<MessageBusService> {
    await runtime.registerService(MessageBusService.bindTo(bus, options));
    const service = runtime
      .getServicesByType(ServiceType.MESSAGE_BUS)
      .find(
        (candidate): candidate is MessageBusService => candidate instanceof MessageBusService && candidate.bus === bus,
      );
    if (!service)
      throw new PluginInitError(
        'MessageBusService',
        `the message bus service of agent "${runtime.character.name}" did not start (the log says why)`,
      );
    return service;
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

  /** This server's side of a fleet, when the database adapter coordinates rooms across servers. */
  get coordinator(): RoomCoordinator | undefined {
    return this.fleet?.coordinator;
  }

  connect(): void {
    if (this.detach) return;
    const coordinator = coordinatorOf(this.runtime);
    if (coordinator) {
      this.fleet = new FleetDelivery(this, this.runtime, coordinator);
      this.fleet.connect();
    }
    this.detach = this.bus.attach(this.runtime.agentId, (message, accepted) => this.receive(message, accepted));
  }

  async stop(): Promise<void> {
    this.detach?.();
    this.detach = undefined;
    // In a fleet: no more forwarded work, the turns in flight end, then the rooms go to the other servers at once.
    await this.fleet?.stop(() => this.settled());
    await this.settled();
  }

  private async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight.values()].map((entry) => entry.result));
  }

  /**
   * Takes a message another server accepted (a fleet hands it over): like a
   * replayed one, tracked so a repeat of its id here waits for it.
   */
  track(messageId: UUID, result: Promise<DeliveryResult>): Promise<DeliveryResult> {
    const entry = { accepted: Promise.resolve(), result };
    this.inFlight.set(messageId, entry);
    result.then(
      (outcome) => this.recent.set(messageId, outcome),
      () => undefined,
    );
    void result
      .finally(() => {
        if (this.inFlight.get(messageId) === entry) this.inFlight.delete(messageId);
      })
      .catch(() => undefined);
    return result;
  }

  /**
   * Replays, oldest first, the messages an earlier process accepted but
   * never answered; their replies go to the channels' current subscribers.
   */
  async recover(): Promise<void> {
    // In a fleet the coordinator replays what it finds pending in the rooms whose lease it takes.
    if (this.fleet) return;
    const pending = await this.inbox.pending();
    if (pending.length > 0)
      this.runtime.logger.warn(
        { count: pending.length },
        'Taking in messages accepted before the last stop that were never answered',
      );
    for (const message of pending) {
      this.bus.join(message.channelId, this.agentId);
      this.take(message, () => undefined, true).catch((error: unknown) =>
        this.runtime.logger.error({ err: error, messageId: message.id }, 'A recovered message failed'),
      );
    }
  }

  /**
   * The bus's entry point: null when the agent does not take part in the
   * message's channel. `accepted` runs once the message is durable, before
   * the pipeline works on it.
   */
  receive(message: BusMessage, accepted: () => void = () => undefined): Promise<DeliveryResult | null> {
    return this.take(message, accepted, false);
  }

  private async take(message: BusMessage, accepted: () => void, replayed: boolean): Promise<DeliveryResult | null> {
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
    if (!replayed && !this.running) throw new AgentNotRunningError(this.agentId, this.runtime.character.name);

    let durable!: () => void;
    let failed!: (error: unknown) => void;
    const acceptance = new Promise<void>((resolve, reject) => ((durable = resolve), (failed = reject)));
    // Only repeats await it; a failure reaches the first sender through `result`.
    acceptance.catch(() => undefined);
    const result = this.process(message, replayed, () => {
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
    this.bus.emit({
      type: 'done',
      agentId: this.agentId,
      channelId: message.channelId,
      messageId: message.id,
      clientId: message.clientId,
      result,
    });
    return result;
  }

  private async process(received: BusMessage, replayed: boolean, accepted: () => void): Promise<DeliveryResult> {
    const runtime = this.runtime;
    const event = turnEvent(this.agentId, received);
    const base = resultBase(runtime, received);
    if (this.fleet) return this.fleet.admit(received, () => this.prepare(received, replayed), event, base, accepted);
    const place = this.handoff.enter(received.channelId);
    try {
      const { message, memory, store } = await this.prepare(received, replayed);
      const acceptance = await this.inbox.accept(message, store ? memory : undefined);
      accepted();
      if (acceptance && !acceptance.created && acceptance.entry.state === 'answered') {
        place.done();
        return this.finish(event, {
          ...base,
          mode: 'duplicate',
          duplicate: true,
          replies: await findStoredReplies(runtime, memory),
        });
      }
      // Once per message: with the turn's first recorded decision (one commit with it), else when the turn ends.
      let answered = acceptance === null;
      const commit = (): Promise<void> => {
        if (answered) return Promise.resolve();
        answered = true;
        return this.inbox.markAnswered(message.id);
      };
      await place.turn;
      // Stored just now with an entry that was new: the pipeline need not look it up. Any other message (an
      // entry an earlier process left, no inbox, not stored by policy) takes the pipeline's own check.
      // answer() hands the message to the pipeline before its first await: the room's next message may follow.
      const answering = this.answer(memory, event, base, {
        messageStored: acceptance?.created === true && acceptance.stored,
        commit,
      });
      place.done();
      return this.finish(event, await answering);
    } finally {
      place.done();
    }
  }

  /** Makes sure the sender, room and world exist, stamps the message's arrival and makes it the agent's memory. */
  private async prepare(
    received: BusMessage,
    replayed: boolean,
  ): Promise<{ message: BusMessage; memory: Memory; store: boolean }> {
    const runtime = this.runtime;
    // Later arrivals of a room are stamped later (a replayed message keeps its stamp): see ArrivalClock. Stamped
    // before any await, so the stamps follow arrival even when the lookups below finish in another order.
    const message = replayed
      ? received
      : { ...received, createdAt: this.clock.stamp(received.channelId, received.createdAt) };
    await runtime.ensureConnection({
      entityId: received.authorId,
      roomId: received.channelId,
      userName: received.authorName,
      name: received.authorName,
      source: received.source,
      type: received.channelType,
      channelId: received.channelId,
      serverId: received.serverId,
    });
    const memory = toAgentMemory(runtime, message);
    return { message, memory, store: memoryPolicy(runtime, memory).store };
  }

  /**
   * Runs an accepted message through the pipeline, telling its clients
   * (thinking, chunks, replies) as it goes, and returns the outcome; the
   * caller sends `done`. `commit` starts with the turn's first decision (one
   * commit with it) and again when the turn ends (it must do its work once).
   */
  async answer(memory: Memory, event: TurnEvent, base: ResultBase, options: AnswerOptions): Promise<DeliveryResult> {
    const runtime = this.runtime;
    const pipeline = runtime.messageService;
    if (!pipeline) throw new PluginDependencyMissingError('MessageBusService', '@kith/plugin-bootstrap');
    let chunkIndex = 0;
    let result: DeliveryResult | undefined;
    this.bus.emit({ ...event, type: 'thinking', active: true });
    try {
      const outcome = await pipeline.handleMessage(
        runtime,
        memory,
        async (content, actionName) => {
          this.bus.emit({ ...event, type: 'reply', content, actionName });
          return [];
        },
        {
          onStreamChunk: (chunk) => {
            const index = chunkIndex++;
            this.bus.emit({ ...event, type: 'chunk', chunk, index });
            options.onChunk?.(chunk, index);
          },
          messageStored: options.messageStored,
          commitWithDecision: (decision) => options.commit({ decision }),
        },
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
      // The pipeline is done with it, whatever the outcome: only a crash leaves an entry accepted.
      void options.commit({ result });
    }
    return result;
  }

  /** Tells the message's clients its outcome (`done`). */
  finish(event: TurnEvent, result: DeliveryResult): DeliveryResult {
    this.bus.emit({ ...event, type: 'done', result });
    return result;
  }
}
