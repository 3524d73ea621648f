import { RoomLeaseLostError } from '../errors/room-lease-lost-error';
import type { Memory } from '../types/memory';
import type { MessageProcessingMode } from '../types/messaging';
import type { UUID } from '../types/primitives';
import type {
  AnsweredOutcome,
  CoordinatedEntry,
  FleetChunk,
  FleetOutcome,
  ForwardedMessage,
  RoomCoordinator,
} from '../types/room-coordinator';
import type { IAgentRuntime } from '../types/runtime';
import { type BusMessage, type DeliveryResult, isBusMessage } from './bus-message';
import type { MessageBus } from './message-bus';
import { LruMap } from '../maps/lru-map';
import { findStoredReplies } from './stored-replies';
import { toAgentMemory } from './to-agent-memory';
import {
  type AnswerOptions,
  type ResultBase,
  resultBase,
  type TurnCommit,
  type TurnEvent,
  turnEvent,
} from './turn-parts';

/** A message made ready for the inbox (MessageBusService.prepare). */
export interface Prepared {
  message: BusMessage;
  memory: Memory;
  store: boolean;
}

/** Remote outcomes remembered after they were told. */
const TOLD_KEPT = 5_000;

/** What FleetDelivery uses of its MessageBusService. */
export interface FleetHost {
  readonly agentId: UUID;
  readonly bus: MessageBus;
  answer(memory: Memory, event: TurnEvent, base: ResultBase, options: AnswerOptions): Promise<DeliveryResult>;
  finish(event: TurnEvent, result: DeliveryResult): DeliveryResult;
  track(messageId: UUID, result: Promise<DeliveryResult>): Promise<DeliveryResult>;
}

/** The mode a decision stands for (what a `done` will say), told to the fleet with the entry's commit. */
function decisionMode(turn: TurnCommit): AnsweredOutcome {
  if (turn.result) return { mode: turn.result.mode, ...(turn.result.error ? { error: turn.result.error } : {}) };
  const actions = turn.decision?.actions ?? [];
  if (actions.includes('IGNORE')) return { mode: 'ignored' };
  return { mode: turn.decision?.simple ? 'simple' : 'actions' };
}

/** The mode of an outcome read back from the database, from its replies. */
function modeOfReplies(replies: Memory[]): MessageProcessingMode {
  const first = replies[0];
  if (!first) return 'error';
  if (first.content.actions?.includes('IGNORE')) return 'ignored';
  return first.content.simple ? 'simple' : 'actions';
}

/**
 * A message bus service's fleet path (a RoomCoordinator from the adapter):
 * every message is accepted into the shared inbox; the server holding the
 * room answers it in the room's arrival order (`schedule`), the others wait
 * for its outcome and tell their own clients (replies read back by id).
 * A turn whose lease was lost before it committed says nothing: the new
 * holder answers and its outcome is told instead.
 */
export class FleetDelivery {
  private disconnect: (() => void) | undefined;
  /** Remote outcomes told here, one room at a time so they keep their order. */
  private readonly telling = new Map<UUID, Promise<void>>();
  /** Callers here waiting for a message another server answers (their clients are told through the room's order). */
  private readonly waiting = new Map<
    UUID,
    { event: TurnEvent; base: ResultBase; resolve: (result: DeliveryResult) => void }
  >();
  /** Outcomes told here lately: a caller that starts waiting after its notice gets it without telling anyone twice. */
  private readonly told = new LruMap<UUID, DeliveryResult>(TOLD_KEPT);
  /** Turns running here, by message: a caller here waiting for one gets its result, already told to the room by the turn. */
  private readonly turns = new Map<UUID, Promise<DeliveryResult | null>>();
  private readonly forwarded = new Set<Promise<unknown>>();
  /** Acceptances of a room, one at a time: the inbox's order (seq) is then the order messages arrived here. */
  private readonly accepting = new Map<UUID, Promise<unknown>>();

  constructor(
    private readonly host: FleetHost,
    private readonly runtime: IAgentRuntime,
    readonly coordinator: RoomCoordinator,
  ) {}

  connect(): void {
    this.disconnect ??= this.coordinator.connect({
      answer: (message) => this.answerForwarded(message),
      outcome: (outcome) => this.tellOutcome(outcome),
      chunk: (chunk) => this.tellChunk(chunk),
    });
  }

  /** Takes no more forwarded work, waits for the turns in flight (`settled`), then hands the rooms over. */
  async stop(settled: () => Promise<void>): Promise<void> {
    this.disconnect?.();
    this.disconnect = undefined;
    await settled();
    await Promise.allSettled([...this.forwarded]);
    await this.coordinator
      .release()
      .catch((error: unknown) =>
        this.runtime.logger.warn(
          { err: error },
          'Could not hand the rooms over; the fleet takes them when this lease runs out',
        ),
      );
  }

  /**
   * A message a client sent here: prepared and accepted into the shared
   * inbox one at a time per room (so the inbox's order is the order messages
   * arrived here), then answered here or awaited from the room's holder.
   */
  async admit(
    received: BusMessage,
    prepare: () => Promise<Prepared>,
    event: TurnEvent,
    base: ResultBase,
    accepted: () => void,
  ): Promise<DeliveryResult> {
    const roomId = received.channelId;
    const previous = this.accepting.get(roomId) ?? Promise.resolve();
    const accepting = previous.then(async () => {
      const prepared = await prepare();
      const { clientId: _connection, ...body } = prepared.message;
      const acceptance = await this.coordinator.accept(
        { messageId: received.id, roomId, body: { ...body }, acceptedAt: Date.now() },
        prepared.store ? prepared.memory : undefined,
      );
      return { acceptance, memory: prepared.memory };
    });
    const settled = accepting.catch(() => undefined);
    this.accepting.set(roomId, settled);
    void settled.then(() => {
      if (this.accepting.get(roomId) === settled) this.accepting.delete(roomId);
    });
    const { acceptance, memory } = await accepting;
    accepted();
    const entry: CoordinatedEntry = { seq: acceptance.entry.seq, messageId: received.id, roomId };
    if (!acceptance.created) {
      // Taken before (by another server, or by this one before a restart): its original outcome, flagged.
      const outcome = acceptance.entry.state === 'answered' ? undefined : await this.coordinator.awaitOutcome(entry);
      const replies = await findStoredReplies(this.runtime, memory);
      return this.host.finish(event, {
        ...base,
        mode: outcome?.mode ?? 'duplicate',
        duplicate: true,
        replies,
        ...(outcome?.error ? { error: outcome.error } : {}),
      });
    }
    if (acceptance.local) {
      try {
        const result = await this.coordinator.schedule(entry, () =>
          this.turn(memory, event, base, entry, acceptance.stored),
        );
        if (result) return this.host.finish(event, result);
      } catch (error) {
        if (!RoomLeaseLostError.isInstance(error)) throw error;
      }
    }
    return this.awaitRemote(entry, event, base);
  }

  /**
   * The outcome of a message the room's holder answers: told to this
   * message's clients (and the room's watchers here) in the room's order,
   * with its replies read back.
   */
  private awaitRemote(entry: CoordinatedEntry, event: TurnEvent, base: ResultBase): Promise<DeliveryResult> {
    const told = this.told.get(entry.messageId);
    if (told) return Promise.resolve(told);
    const result = new Promise<DeliveryResult>((resolve) =>
      this.waiting.set(entry.messageId, { event, base, resolve }),
    );
    // The coordinator settles it from a notice (then tellOutcome has taken the waiter) or, after a missed notice or one that came first, from what it knows.
    void this.coordinator.awaitOutcome(entry).then((outcome) => {
      if (this.waiting.has(entry.messageId)) this.tellOutcome({ ...outcome, awaited: true });
    });
    return result;
  }

  /** One turn under the room's lease; null when the lease was lost before its decision committed (the new holder answers). */
  private turn(
    memory: Memory,
    event: TurnEvent,
    base: ResultBase,
    entry: CoordinatedEntry,
    messageStored: boolean,
  ): Promise<DeliveryResult | null> {
    const running = this.runTurn(memory, event, base, entry, messageStored);
    this.turns.set(entry.messageId, running);
    void running
      .finally(() => {
        if (this.turns.get(entry.messageId) === running) this.turns.delete(entry.messageId);
      })
      .catch(() => undefined);
    return running;
  }

  private async runTurn(
    memory: Memory,
    event: TurnEvent,
    base: ResultBase,
    entry: CoordinatedEntry,
    messageStored: boolean,
  ): Promise<DeliveryResult | null> {
    let committed: Promise<void> | undefined;
    let lost = false;
    const commit = (turn: TurnCommit): Promise<void> => {
      committed ??= this.coordinator.markAnswered(entry, decisionMode(turn)).catch((error: unknown) => {
        if (RoomLeaseLostError.isInstance(error)) lost = true;
        else
          this.runtime.logger.warn(
            { err: error, messageId: entry.messageId },
            'Could not mark an inbox entry answered; the room holder checks it again',
          );
      });
      return committed;
    };
    const result = await this.host.answer(memory, event, base, {
      messageStored,
      commit,
      onChunk: (chunk, index) =>
        this.coordinator.publishChunk({ messageId: entry.messageId, roomId: entry.roomId, index, chunk }),
    });
    await committed;
    if (lost) return null;
    // Told here by this turn: a later notice or state read of the same message tells nobody again.
    this.told.set(entry.messageId, result);
    return result;
  }

  /** A message accepted elsewhere whose turn has come in a room this server holds. */
  private answerForwarded(forwarded: ForwardedMessage): Promise<void> {
    const body = forwarded.body;
    if (!isBusMessage(body)) {
      this.runtime.logger.warn(
        { messageId: forwarded.entry.messageId },
        'An inbox entry holds no readable message; it is closed unanswered',
      );
      return this.coordinator
        .markAnswered(forwarded.entry, { mode: 'error', error: 'unreadable inbox entry' })
        .catch(() => undefined);
    }
    const message: BusMessage = body;
    const run = (async () => {
      this.host.bus.join(message.channelId, this.host.agentId);
      await this.runtime.ensureConnection({
        entityId: message.authorId,
        roomId: message.channelId,
        userName: message.authorName,
        name: message.authorName,
        source: message.source,
        type: message.channelType,
        channelId: message.channelId,
        serverId: message.serverId,
      });
      const memory = toAgentMemory(this.runtime, message);
      const event = turnEvent(this.host.agentId, message);
      const base = resultBase(this.runtime, message);
      // Stored with its entry by the server that accepted it; after a takeover the pipeline checks for an earlier decision.
      const result = await this.turn(memory, event, base, forwarded.entry, !forwarded.takenOver);
      if (!result) throw new RoomLeaseLostError(message.channelId, this.coordinator.serverId);
      return this.host.finish(event, result);
    })();
    const tracked = this.host.track(message.id, run);
    this.forwarded.add(tracked);
    return tracked
      .then(
        () => undefined,
        (error: unknown) => {
          if (!RoomLeaseLostError.isInstance(error))
            this.runtime.logger.error({ err: error, messageId: message.id }, 'A forwarded message failed');
        },
      )
      .finally(() => this.forwarded.delete(tracked));
  }

  /**
   * Another server answered a message: a caller here waiting for it, or
   * clients here watching its room, get its replies and `done`, one room at
   * a time in the order the outcomes arrived.
   */
  private tellOutcome(outcome: FleetOutcome): void {
    const waiter = this.waiting.get(outcome.messageId);
    this.waiting.delete(outcome.messageId);
    if (!waiter && !this.host.bus.isWatched(outcome.roomId)) return;
    const previous = this.telling.get(outcome.roomId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        // Answered by a turn here: that turn told the room; a caller here waiting gets its result.
        const local = await this.turns.get(outcome.messageId)?.catch(() => null);
        const known = local ?? this.told.get(outcome.messageId);
        if (known) return waiter?.resolve(known);
        const event: TurnEvent = waiter?.event ?? {
          agentId: this.host.agentId,
          channelId: outcome.roomId,
          messageId: outcome.messageId,
        };
        const base =
          waiter?.base ?? resultBase(this.runtime, { id: outcome.messageId, channelId: outcome.roomId } as BusMessage);
        const replies = await findStoredReplies(this.runtime, { id: base.memoryId, roomId: outcome.roomId });
        for (const reply of replies)
          this.host.bus.emit({
            ...event,
            type: 'reply',
            content: reply.content,
            actionName: reply.content.actions?.[0],
          });
        const result = this.host.finish(event, {
          ...base,
          mode: outcome.mode ?? modeOfReplies(replies),
          duplicate: false,
          replies,
          ...(outcome.error ? { error: outcome.error } : {}),
        });
        this.told.set(outcome.messageId, result);
        waiter?.resolve(result);
      })
      .catch((error: unknown) => {
        this.runtime.logger.warn(
          { err: error, messageId: outcome.messageId },
          'Could not read back a reply made on another server',
        );
        if (waiter) this.waiting.set(outcome.messageId, waiter);
      });
    this.telling.set(outcome.roomId, next);
    void next.finally(() => {
      if (this.telling.get(outcome.roomId) === next) this.telling.delete(outcome.roomId);
    });
  }

  private tellChunk(chunk: FleetChunk): void {
    if (!this.host.bus.isWatched(chunk.roomId)) return;
    this.host.bus.emit({
      type: 'chunk',
      agentId: this.host.agentId,
      channelId: chunk.roomId,
      messageId: chunk.messageId,
      chunk: chunk.chunk,
      index: chunk.index,
    });
  }
}
