import { RoomLeaseLostError } from '../errors/room-lease-lost-error';
import type { Memory } from '../types/memory';
import type { MessageProcessingMode } from '../types/messaging';
import type { UUID } from '../types/primitives';
import type {
  AnsweredOutcome,
  CoordinatedAcceptance,
  CoordinatedEntry,
  FleetChunk,
  FleetOutcome,
  ForwardedMessage,
  RoomCoordinator,
} from '../types/room-coordinator';
import type { DeliveryResult } from './bus-message';
import { intakeOfBody, type LedgerIntake, type PreparedIntake, type Teller } from './ledger-intake';
import { knownOf } from './ledger-outcomes';
import { memoryPolicy } from './memory-policy';
import type { MessageLedger } from './message-ledger';
import { findStoredReplies } from './stored-replies';
import { agentMemoryId } from './to-agent-memory';
import type { ResultBase, TurnCommit } from './turn-parts';

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

/** What one turn under a room's lease needs. */
interface TurnInput {
  intake: LedgerIntake;
  memory: Memory;
  base: ResultBase;
  entry: CoordinatedEntry;
  /** The message was stored with its entry: the pipeline need not look it up. */
  messageStored: boolean;
}

/** A sender here waiting for a message another server answers. */
interface Waiter {
  teller: Teller;
  base: ResultBase;
  resolve: (result: DeliveryResult) => void;
}

/**
 * The ledger's claim step on a fleet (a RoomCoordinator from the adapter:
 * leases and fences on PostgreSQL). Every message is accepted into the
 * shared inbox, one at a time per room here so the inbox's order is the
 * order messages arrived here; the server holding the room answers it in
 * the room's inbox order (`schedule`); the server that took it tells its
 * sender what the holder answered (replies read back by id). A turn whose
 * lease was lost before it committed says nothing: the new holder answers
 * and its outcome is told instead.
 */
export class FleetClaims {
  private disconnect: (() => void) | undefined;
  /** Remote outcomes told here, one room at a time so they keep their order. */
  private readonly telling = new Map<UUID, Promise<void>>();
  private readonly waiting = new Map<UUID, Waiter>();
  private readonly forwarded = new Set<Promise<unknown>>();

  constructor(
    private readonly ledger: MessageLedger,
    readonly coordinator: RoomCoordinator,
  ) {}

  private get runtime() {
    return this.ledger.runtime;
  }

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

  /** A message taken here: accepted into the shared inbox in arrival order, then answered here or awaited from the room's holder. */
  async admit(intake: LedgerIntake, accepted: () => void): Promise<DeliveryResult> {
    const place = this.ledger.line.enter(intake.roomId);
    let prepared: PreparedIntake;
    let acceptance: CoordinatedAcceptance;
    try {
      await place.acceptTurn;
      prepared = await intake.prepare(intake.replayed ? undefined : place.stamp(intake.createdAt));
      const store = memoryPolicy(this.runtime, prepared.memory).store;
      acceptance = await this.coordinator.accept(
        { messageId: intake.messageId, roomId: intake.roomId, body: prepared.body, acceptedAt: Date.now() },
        store ? prepared.memory : undefined,
      );
    } finally {
      // The room's order from here on is the inbox's (seq), kept by the coordinator.
      place.done();
    }
    accepted();
    const base = this.ledger.baseOf(intake, prepared);
    const entry: CoordinatedEntry = { seq: acceptance.entry.seq, messageId: intake.messageId, roomId: intake.roomId };
    if (!acceptance.created) {
      // Taken before (by another server, or by this one before a restart): its original outcome, flagged.
      const known = this.ledger.outcomes.ended(intake.messageId);
      const outcome =
        acceptance.entry.state === 'answered' ? known : (known ?? (await this.coordinator.awaitOutcome(entry)));
      const replies = await findStoredReplies(this.runtime, prepared.memory);
      return this.ledger.finish(intake, {
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
          this.turn({ intake, memory: prepared.memory, base, entry, messageStored: acceptance.stored }),
        );
        if (result) return this.ledger.finish(intake, result);
      } catch (error) {
        if (!RoomLeaseLostError.isInstance(error)) throw error;
      }
    }
    return this.awaitRemote(entry, intake.teller, base);
  }

  /** The outcome of a message the room's holder answers: told to its sender here in the room's order, replies read back. */
  private awaitRemote(entry: CoordinatedEntry, teller: Teller, base: ResultBase): Promise<DeliveryResult> {
    const result = new Promise<DeliveryResult>((resolve) =>
      this.waiting.set(entry.messageId, { teller, base, resolve }),
    );
    const known = this.ledger.outcomes.ended(entry.messageId);
    if (known) {
      const { mode, error } = known;
      this.tellOutcome({ messageId: entry.messageId, roomId: entry.roomId, mode, error, serverId: '', awaited: true });
      return result;
    }
    // Settled from a notice (tellOutcome takes the waiter) or, after a missed notice, from the inbox's state.
    void this.coordinator.awaitOutcome(entry).then((outcome) => {
      if (this.waiting.has(entry.messageId)) this.tellOutcome({ ...outcome, awaited: true });
    });
    return result;
  }

  /** One turn under the room's lease; null when the lease was lost before its decision committed (the new holder answers). */
  private turn(input: TurnInput): Promise<DeliveryResult | null> {
    const running = this.runTurn(input);
    const flying = this.ledger.outcomes.flying(input.entry.messageId);
    if (flying) {
      flying.turn = running;
      void running
        .finally(() => {
          if (flying.turn === running) flying.turn = undefined;
        })
        .catch(() => undefined);
    }
    return running;
  }

  private async runTurn({ intake, memory, base, entry, messageStored }: TurnInput): Promise<DeliveryResult | null> {
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
    const result = await this.ledger.answer(intake, memory, base, {
      messageStored,
      commit,
      onChunk: (chunk, index) =>
        this.coordinator.publishChunk({ messageId: entry.messageId, roomId: entry.roomId, index, chunk }),
    });
    await committed;
    if (lost) return null;
    this.ledger.outcomes.remember(entry.messageId, knownOf(result));
    return result;
  }

  /**
   * A message accepted elsewhere (or left by an earlier holder) whose turn
   * has come in a room this server holds. A turn for the same message still
   * running here (the room was lost and taken back within it) is waited for
   * first: the message runs again only if that turn's lease was lost.
   */
  private answerForwarded(forwarded: ForwardedMessage): Promise<void> {
    const { messageId } = forwarded.entry;
    // The sender, when it is here and waiting, hears the turn itself (a connector's callback included).
    const intake = intakeOfBody(
      this.runtime,
      forwarded.body,
      (message) => this.waiting.get(messageId)?.teller ?? this.ledger.watchersTeller(message),
    );
    if (!intake) {
      this.runtime.logger.warn({ messageId }, 'An inbox entry holds no readable message; it is closed unanswered');
      return this.coordinator
        .markAnswered(forwarded.entry, { mode: 'error', error: 'unreadable inbox entry' })
        .catch(() => undefined);
    }
    const earlierTurn = this.ledger.outcomes.flying(messageId)?.turn;
    const run = (async () => {
      const earlier = earlierTurn ? await earlierTurn.catch(() => null) : null;
      if (earlier) return earlier;
      this.ledger.messageBus?.join(intake.roomId, this.ledger.agentId);
      const prepared = await intake.prepare();
      const base = this.ledger.baseOf(intake, prepared);
      // Stored with its entry by the server that accepted it; after a takeover the pipeline checks for an earlier decision.
      const result = await this.turn({
        intake,
        memory: prepared.memory,
        base,
        entry: forwarded.entry,
        messageStored: !forwarded.takenOver,
      });
      if (!result) throw new RoomLeaseLostError(intake.roomId, this.coordinator.serverId);
      return this.ledger.finish(intake, result);
    })();
    const tracked = this.track(messageId, run);
    this.forwarded.add(tracked);
    return tracked
      .then(
        () => undefined,
        (error: unknown) => {
          if (!RoomLeaseLostError.isInstance(error))
            this.runtime.logger.error({ err: error, messageId }, 'A forwarded message failed');
        },
      )
      .finally(() => this.forwarded.delete(tracked));
  }

  /** A forwarded run, tracked so a repeat of its id here waits for it (unless a delivery of it is tracked already). */
  private track(messageId: UUID, run: Promise<DeliveryResult>): Promise<DeliveryResult> {
    const flying = this.ledger.outcomes.flying(messageId);
    if (flying) return run;
    this.ledger.outcomes.track(messageId, Promise.resolve(), run);
    return run;
  }

  /**
   * Another server answered a message: a sender here waiting for it, or
   * clients here watching its room, get its replies and `done`, one room at
   * a time in the order the outcomes arrived.
   */
  private tellOutcome(outcome: FleetOutcome): void {
    if (outcome.mode) this.ledger.outcomes.remember(outcome.messageId, { mode: outcome.mode, error: outcome.error });
    const waiter = this.waiting.get(outcome.messageId);
    this.waiting.delete(outcome.messageId);
    const bus = this.ledger.messageBus;
    if (!waiter && !bus?.isWatched(outcome.roomId)) return;
    const previous = this.telling.get(outcome.roomId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        // Answered by a turn here: that turn told its sender; a waiter here gets its result.
        const local = await this.ledger.outcomes.flying(outcome.messageId)?.turn?.catch(() => null);
        if (local) return waiter?.resolve(local);
        const told = this.ledger.outcomes.ended(outcome.messageId);
        if (told?.told) {
          if (waiter) waiter.resolve(await this.ledger.resultOf(outcome.messageId, outcome.roomId, told));
          return;
        }
        const teller = waiter?.teller ?? this.ledger.watchersTeller(outcome);
        const base = waiter?.base ?? {
          agentId: this.ledger.agentId,
          messageId: outcome.messageId,
          memoryId: agentMemoryId(this.runtime, outcome.messageId),
          roomId: outcome.roomId,
        };
        const replies = await findStoredReplies(this.runtime, { id: base.memoryId, roomId: outcome.roomId });
        for (const reply of replies) await teller.reply(reply.content, reply.content.actions?.[0]);
        const result = this.ledger.finish(
          { teller },
          {
            ...base,
            mode: outcome.mode ?? modeOfReplies(replies),
            duplicate: false,
            replies,
            ...(outcome.error ? { error: outcome.error } : {}),
          },
        );
        this.ledger.outcomes.remember(outcome.messageId, knownOf(result));
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
    const bus = this.ledger.messageBus;
    if (!bus?.isWatched(chunk.roomId)) return;
    bus.emit({
      type: 'chunk',
      agentId: this.ledger.agentId,
      channelId: chunk.roomId,
      messageId: chunk.messageId,
      chunk: chunk.chunk,
      index: chunk.index,
    });
  }
}
