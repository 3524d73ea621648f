import { AgentNotRunningError } from '../errors/agent-not-running-error';
import { PluginDependencyMissingError } from '../errors/plugin-dependency-missing-error';
import type { InboxAcceptance } from '../types/inbox';
import type { Memory } from '../types/memory';
import type { IMessageService } from '../types/messaging';
import type { UUID } from '../types/primitives';
import type { RoomCoordinator } from '../types/room-coordinator';
import type { IAgentRuntime } from '../types/runtime';
import type { DeliveryResult } from './bus-message';
import { DurableInbox } from './durable-inbox';
import { FleetClaims } from './fleet-claims';
import {
  intakeOfBody,
  type LedgerIntake,
  type PreparedIntake,
  silentTeller,
  type Teller,
  busTeller,
} from './ledger-intake';
import { LedgerCounts } from './ledger-counts';
import { type KnownOutcome, LedgerOutcomes } from './ledger-outcomes';
import { memoryPolicy } from './memory-policy';
import type { MessageBus } from './message-bus';
import { RoomLine } from './room-line';
import { findStoredReplies } from './stored-replies';
import { agentMemoryId } from './to-agent-memory';
import type { AnswerOptions, ResultBase } from './turn-parts';

const noop = () => undefined;

/** The pipeline a runtime runs turns with (plugin-bootstrap's, or one a plugin installed), without the ledger in front. */
export interface PipelineHost {
  readonly messagePipeline?: IMessageService | null;
}

/** The adapter's fleet coordinator, if it has one (foreign adapters and SQLite do not). */
function coordinatorOf(runtime: IAgentRuntime): RoomCoordinator | undefined {
  try {
    return runtime.adapter?.roomCoordinator ?? undefined;
  } catch {
    return undefined; // no adapter registered
  }
}

const ledgers = new WeakMap<IAgentRuntime, MessageLedger>();

/**
 * One agent's message ledger: the one place that owns an inbound message's
 * life, whichever way it came in (the message bus for REST, WebSocket and the
 * terminal chat; `runtime.messageService.handleMessage` for connectors,
 * MESSAGE_RECEIVED and `runtime.elizaOS.handleMessage`).
 *
 * - accept: the message is durable (its inbox entry and, when the memory
 *   policy stores messages, its memory, in one commit) before its sender is
 *   told it was accepted;
 * - order: each room's messages take their turns in arrival order (RoomLine);
 * - claim: one server answers (alone: this one; in a fleet: the room's lease
 *   holder, through the adapter's RoomCoordinator);
 * - answer: the pipeline runs the turn, and the entry's `answered` state
 *   commits with the turn's first decision;
 * - tell: the sender hears the replies (bus events or the connector's
 *   callback); in a fleet, the server that took the message tells its sender
 *   what the holder answered.
 *
 * The dedupe rule, once: a message id is answered once per agent. A repeat
 * while the first is in flight waits for it; a repeat after it gets the
 * original outcome (from memory, else from the inbox entry) flagged
 * `duplicate`; an entry left accepted by an earlier process is answered
 * unless a decision for it is stored already; so is a message whose memory
 * was stored before without an entry (taken in by an older version).
 */
export class MessageLedger {
  readonly outcomes = new LedgerOutcomes();
  readonly line = new RoomLine();
  readonly counts = new LedgerCounts();
  private readonly inbox: DurableInbox;
  private fleet: FleetClaims | undefined;
  private bus: MessageBus | undefined;
  private paused = false;
  private stopped = false;

  private constructor(readonly runtime: IAgentRuntime) {
    this.inbox = new DurableInbox(runtime);
  }

  /** The agent's ledger (one per runtime), connected to its fleet when the adapter coordinates one. */
  static of(runtime: IAgentRuntime): MessageLedger {
    let ledger = ledgers.get(runtime);
    if (!ledger) {
      ledger = new MessageLedger(runtime);
      ledgers.set(runtime, ledger);
    }
    ledger.connectFleet();
    return ledger;
  }

  /** The agent's ledger if one was made (metrics read it without making one). */
  static existing(runtime: IAgentRuntime): MessageLedger | undefined {
    return ledgers.get(runtime);
  }

  get agentId(): UUID {
    return this.runtime.agentId;
  }

  /** This server's side of a fleet, when the database adapter coordinates rooms across servers. */
  get coordinator(): RoomCoordinator | undefined {
    return this.fleet?.coordinator;
  }

  /** The bus whose clients hear about messages of rooms they watch (set by the MessageBusService). */
  get messageBus(): MessageBus | undefined {
    return this.bus;
  }

  /** Opens the ledger (again, after a stop) with the bus whose clients hear about the rooms they watch. */
  open(bus?: MessageBus): void {
    if (bus) this.bus = bus;
    this.stopped = false;
    this.connectFleet();
  }

  /** False after pause() or stop(): new messages are refused with AgentNotRunningError. */
  get running(): boolean {
    return !this.paused && !this.stopped;
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  private connectFleet(): void {
    if (this.fleet || this.stopped) return;
    const coordinator = coordinatorOf(this.runtime);
    if (!coordinator) return;
    this.fleet = new FleetClaims(this, coordinator);
    this.fleet.connect();
  }

  /** Takes no new messages, lets the turns in flight end, then (in a fleet) hands the rooms over. */
  async stop(): Promise<void> {
    this.stopped = true;
    const fleet = this.fleet;
    this.fleet = undefined;
    await fleet?.stop(() => this.settled());
    await this.settled();
  }

  private async settled(): Promise<void> {
    await Promise.allSettled(this.outcomes.results());
  }

  /** A teller for the clients watching a room on this server's bus (for messages taken elsewhere or replayed). */
  watchersTeller(message: { messageId: UUID; roomId: UUID }): Teller {
    const bus = this.bus;
    if (!bus) return silentTeller;
    return busTeller(bus, { agentId: this.agentId, channelId: message.roomId, messageId: message.messageId });
  }

  /**
   * Replays, oldest first, the messages an earlier process accepted but
   * never answered; their replies go to the rooms' watchers. In a fleet the
   * coordinator hands over what it finds pending in the rooms it takes.
   */
  async recover(): Promise<void> {
    if (this.fleet) return;
    const pending = await this.inbox.pending();
    if (pending.length > 0)
      this.runtime.logger.warn(
        { count: pending.length },
        'Taking in messages accepted before the last stop that were never answered',
      );
    for (const entry of pending) {
      const intake = intakeOfBody(this.runtime, entry.body, (message) => this.watchersTeller(message));
      if (!intake) {
        // Unreadable (written by something else): closed, so it is not read again at every start.
        this.runtime.logger.warn(
          { messageId: entry.messageId },
          'An inbox entry holds no readable message; it cannot be replayed',
        );
        await this.inbox.markAnswered(entry.messageId);
        continue;
      }
      this.bus?.join(intake.roomId, this.agentId);
      this.receive(intake).catch((error: unknown) =>
        this.runtime.logger.error({ err: error, messageId: entry.messageId }, 'A recovered message failed'),
      );
    }
  }

  /**
   * Takes a message: resolves with what the agent did with it. `accepted`
   * runs once the message is durable, before the pipeline works on it.
   */
  receive(intake: LedgerIntake, accepted: () => void = noop): Promise<DeliveryResult> {
    const flying = this.outcomes.flying(intake.messageId);
    if (flying) return this.repeat(intake, flying.accepted, flying.result, accepted);
    const known = this.outcomes.ended(intake.messageId);
    if (known?.told) {
      this.counts.accepted += 1;
      accepted();
      return this.resultOf(intake.messageId, intake.roomId, known).then((original) => this.duplicate(intake, original));
    }
    if (!intake.replayed && !this.running)
      return Promise.reject(new AgentNotRunningError(this.agentId, this.runtime.character.name));

    let durable!: () => void;
    let failed!: (error: unknown) => void;
    const acceptance = new Promise<void>((resolve, reject) => ((durable = resolve), (failed = reject)));
    // Only repeats await it; a failure reaches the first sender through the result.
    acceptance.catch(noop);
    const result = this.take(intake, () => {
      this.counts.accepted += 1;
      durable();
      accepted();
    });
    result.then(
      (outcome) => {
        durable();
        this.counts.end(outcome);
      },
      (error: unknown) => {
        failed(error);
        this.counts.ended.failed += 1;
      },
    );
    this.outcomes.track(intake.messageId, acceptance, result);
    return result;
  }

  private async repeat(
    intake: LedgerIntake,
    firstAccepted: Promise<void>,
    first: Promise<DeliveryResult>,
    accepted: () => void,
  ): Promise<DeliveryResult> {
    await firstAccepted;
    this.counts.accepted += 1;
    accepted();
    return this.duplicate(intake, await first);
  }

  /** A result told here before, its replies read back from the database. */
  async resultOf(messageId: UUID, roomId: UUID, known: KnownOutcome): Promise<DeliveryResult> {
    const memoryId = known.memoryIsMessage ? messageId : agentMemoryId(this.runtime, messageId);
    return {
      agentId: this.agentId,
      messageId,
      memoryId,
      roomId,
      mode: known.mode ?? 'duplicate',
      duplicate: false,
      replies: await findStoredReplies(this.runtime, { id: memoryId, roomId }),
      ...(known.error ? { error: known.error } : {}),
    };
  }

  /** A repeat's answer: the original outcome, flagged, told to the repeat's sender (connectors hear nothing twice). */
  duplicate(intake: LedgerIntake, original: DeliveryResult): DeliveryResult {
    const result: DeliveryResult = { ...original, duplicate: true };
    this.counts.ended.duplicate += 1;
    intake.teller.done?.(result);
    return result;
  }

  private take(intake: LedgerIntake, accepted: () => void): Promise<DeliveryResult> {
    if (this.fleet) return this.fleet.admit(intake, accepted);
    return this.takeAlone(intake, accepted);
  }

  /** One server answers everything it takes: the inbox is durability, the line is order. */
  private async takeAlone(intake: LedgerIntake, accepted: () => void): Promise<DeliveryResult> {
    // Taken synchronously on arrival: the stamps and turns follow arrival even when the lookups below finish in another order.
    const place = this.line.enter(intake.roomId);
    try {
      const prepared = await intake.prepare(intake.replayed ? undefined : place.stamp(intake.createdAt));
      const store = memoryPolicy(this.runtime, prepared.memory).store;
      const acceptance = await this.inbox.accept(
        { messageId: intake.messageId, roomId: intake.roomId, body: prepared.body, acceptedAt: Date.now() },
        store ? prepared.memory : undefined,
      );
      accepted();
      const base = this.baseOf(intake, prepared);
      const earlier = await this.earlierDecision(acceptance, prepared.memory, store);
      if (earlier) {
        place.done();
        return this.finish(intake, { ...base, mode: 'duplicate', duplicate: true, replies: earlier });
      }
      place.counted();
      // Once per message: with the turn's first recorded decision (one commit with it), else when the turn ends.
      let answered = acceptance === null;
      const commit = (): Promise<void> => {
        if (answered) return Promise.resolve();
        answered = true;
        return this.inbox.markAnswered(intake.messageId);
      };
      await place.turn;
      const result = await this.answer(intake, prepared.memory, base, {
        // Stored just now with an entry that was new: the pipeline need not look it up.
        messageStored: acceptance?.created === true && acceptance.stored,
        commit,
        superseded: place.superseded,
      });
      return this.finish(intake, result);
    } finally {
      place.done();
    }
  }

  /**
   * The dedupe rule against the database: the decisions stored for a
   * message whose id was taken before (null when it must be answered). An
   * entry answered before is a repeat; one left accepted by an earlier
   * process is a repeat only if a decision for it was stored (a crash
   * between the two writes of an adapter that does not commit them
   * together); a new entry for a memory stored before is one if a decision
   * was stored for that memory; without an inbox, a stored message with a
   * decision is one.
   */
  async earlierDecision(acceptance: InboxAcceptance | null, memory: Memory, store: boolean): Promise<Memory[] | null> {
    // A new entry whose memory was new too, or is not kept: nothing can have been decided for it.
    if (acceptance?.created && (acceptance.stored || !store)) return null;
    if (acceptance?.entry.state === 'answered') return findStoredReplies(this.runtime, memory);
    const stored = acceptance ? memory : memory.id ? await this.runtime.getMemoryById(memory.id) : null;
    if (!stored) return null;
    const replies = await findStoredReplies(this.runtime, stored);
    if (replies.length === 0) return null;
    if (acceptance) await this.inbox.markAnswered(acceptance.entry.messageId);
    return replies;
  }

  baseOf(intake: LedgerIntake, prepared: PreparedIntake): ResultBase {
    return {
      agentId: this.agentId,
      messageId: intake.messageId,
      memoryId: prepared.memory.id as UUID,
      roomId: intake.roomId,
    };
  }

  /**
   * Runs an accepted message through the pipeline, telling its sender
   * (thinking, chunks, replies) as it goes, and returns the outcome; the
   * caller tells `done`. `commit` starts with the turn's first decision (one
   * commit with it) and again when the turn ends (it does its work once).
   */
  async answer(
    intake: LedgerIntake,
    memory: Memory,
    base: ResultBase,
    options: AnswerOptions,
  ): Promise<DeliveryResult> {
    const pipeline = (this.runtime as IAgentRuntime & PipelineHost).messagePipeline ?? this.runtime.messageService;
    if (!pipeline) throw new PluginDependencyMissingError('MessageLedger', '@kith/plugin-bootstrap');
    const teller = intake.teller;
    const asked = intake.options ?? {};
    let chunkIndex = 0;
    let result: DeliveryResult | undefined;
    teller.thinking?.(true);
    try {
      const outcome = await pipeline.handleMessage(
        this.runtime,
        memory,
        async (content, actionName) => {
          await teller.reply(content, actionName);
          return [];
        },
        {
          ...asked,
          onStreamChunk: (chunk, messageId) => {
            const index = chunkIndex++;
            teller.chunk?.(chunk, index);
            options.onChunk?.(chunk, index);
            return asked.onStreamChunk?.(chunk, messageId);
          },
          messageStored: options.messageStored,
          superseded: options.superseded,
          commitWithDecision: (decision) => options.commit({ decision }),
        },
      );
      intake.processed?.(outcome);
      const duplicate = outcome.mode === 'duplicate';
      result = {
        ...base,
        mode: outcome.mode,
        duplicate,
        replies: duplicate ? await findStoredReplies(this.runtime, memory) : outcome.responseMessages,
        ...(outcome.runId ? { runId: outcome.runId } : {}),
        ...(outcome.error ? { error: outcome.error } : {}),
      };
    } finally {
      teller.thinking?.(false);
      // The pipeline is done with it, whatever the outcome: only a crash leaves an entry accepted.
      void options.commit({ result });
    }
    return result;
  }

  /** Tells the message's sender its outcome (`done`). */
  finish(intake: Pick<LedgerIntake, 'teller'>, result: DeliveryResult): DeliveryResult {
    intake.teller.done?.(result);
    return result;
  }
}
