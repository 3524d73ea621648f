import {
  type Content,
  type HandlerCallback,
  type IAgentRuntime,
  describeModelFailure,
  type IMessageService,
  logChat,
  type Media,
  type Memory,
  type MentionContext,
  memoryPolicy,
  modelFailureOf,
  type MessageProcessingOptions,
  type MessageProcessingResult,
  randomUuid,
  replyKeyOf,
  type ResponseDecision,
  type RunStatus,
  type Room,
  type State,
  type UUID,
} from '@kith/core';
import { processAttachments } from '../attachments';
import { handleChannelCleared } from '../events/channel-cleared';
import { handleMessageDeleted } from '../events/message-deleted';
import { roomOf } from '../helpers/turn-lookups';
import { AgentAuthors } from './agent-authors';
import { AgentReplyChain } from './agent-reply-chain';
import { type AgentTurn, AgentTurnGuard } from './agent-turn-guard';
import { generateResponse } from './generate-response';
import type { MessageServiceStats } from './message-service-stats';
import { quickResponseDecision } from './quick-response-decision';
import { decideResponse } from './respond-decision';

const DEFAULT_TIMEOUT_MS = 60 * 60 * 1000;
/** Dynamic providers of the first composeState (besides every non-dynamic one): enough for should-respond and the reply. */
const FIRST_PASS_PROVIDERS = ['ANXIETY', 'ENTITIES', 'CHARACTER', 'RECENT_MESSAGES', 'ACTIONS', 'FACTS'];

function firstPassProviders(message: Memory): string[] {
  return message.content.attachments?.length ? [...FIRST_PASS_PROVIDERS, 'ATTACHMENTS'] : FIRST_PASS_PROVIDERS;
}

/** One message's way through the pipeline. */
interface Turn {
  runtime: IAgentRuntime;
  message: Memory;
  callback?: HandlerCallback;
  options: MessageProcessingOptions;
  store: boolean;
  /** Set once the run timed out: nothing may be sent after that. */
  aborted: boolean;
  delivered: Memory[];
  /** Whether options.commitWithDecision was started. */
  decisionJoined: boolean;
  /** The channel turn this turn holds (a room of several agents), given back if it says nothing. */
  agentTurn?: AgentTurn;
}

function result(
  mode: MessageProcessingResult['mode'],
  extra: Partial<MessageProcessingResult> = {},
): MessageProcessingResult {
  return { didRespond: false, mode, responseContent: null, responseMessages: [], ...extra };
}

/**
 * The platform-agnostic message pipeline of seed 000: validation, storage,
 * should-respond, generation, actions, delivery, evaluators, run events.
 *
 * It runs one turn per call. Which messages get a turn, in which order and
 * on which server is the message ledger's (@kith/core's MessageLedger,
 * in front of `runtime.messageService`): it calls this pipeline once per
 * message, a room's turns one at a time. `handleMessage` resolves at
 * delivery: evaluators (reflection) run afterwards, off the reply path.
 */
export class DefaultMessageService implements IMessageService {
  private readonly authors = new AgentAuthors();
  private readonly chain = new AgentReplyChain(this.authors);
  private readonly turnGuard = new AgentTurnGuard(this.authors);
  private readonly background = new Set<Promise<void>>();

  async handleMessage(
    runtime: IAgentRuntime,
    message: Memory,
    callback?: HandlerCallback,
    options: MessageProcessingOptions = {},
  ): Promise<MessageProcessingResult> {
    if (message.entityId === runtime.agentId) return result('skipped');
    const policy = memoryPolicy(runtime, message);
    const turn: Turn = {
      runtime,
      message,
      callback,
      options,
      store: policy.store,
      aborted: false,
      delivered: [],
      decisionJoined: false,
    };
    let settle!: (value: MessageProcessingResult) => void;
    const settled = new Promise<MessageProcessingResult>((resolve) => (settle = resolve));
    const run = this.runTurn(turn, settle);
    this.track(run);
    // Resolves at delivery (evaluators go on in the background); a run that ended without an outcome still resolves.
    return Promise.race([settled, run.then(() => settled)]);
  }

  /** elizaOS's quick check: see quickResponseDecision. */
  shouldRespond(
    runtime: IAgentRuntime,
    message: Memory,
    room?: Room,
    mentionContext?: MentionContext,
  ): ResponseDecision {
    return quickResponseDecision(runtime, message, room, mentionContext);
  }

  /** elizaOS's: forgets one stored message (as a MESSAGE_DELETED event does). */
  deleteMessage(runtime: IAgentRuntime, message: Memory): Promise<void> {
    return handleMessageDeleted({ runtime, message, source: 'messageService' });
  }

  /** elizaOS's: forgets every message of a room (as a CHANNEL_CLEARED event does). */
  async clearChannel(runtime: IAgentRuntime, roomId: UUID, channelId: string = roomId): Promise<void> {
    const memoryCount = await runtime.countMemories(roomId, false, 'messages');
    await handleChannelCleared({ runtime, roomId, channelId, memoryCount, source: 'messageService' });
  }

  /** Sizes of the per-room bookkeeping and their caps (read-only; for metrics and tests). */
  stats(): MessageServiceStats {
    const chain = this.chain.sizes;
    return {
      runsInFlight: this.background.size,
      agentReplyChains: chain.chains,
      agentReplyChainsMax: chain.chainsMax,
      knownAuthors: chain.authors,
      knownAuthorsMax: chain.authorsMax,
    };
  }

  /** Resolves when every run, evaluators included, has finished (tests and shutdown). */
  async whenIdle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  private track(run: Promise<void>): void {
    this.background.add(run);
    void run.finally(() => this.background.delete(run));
  }

  /** The whole run: RUN_STARTED, the turn under the timeout, evaluators, RUN_ENDED. */
  private runTurn(turn: Turn, settle: (value: MessageProcessingResult) => void): Promise<void> {
    const { runtime, message } = turn;
    return runtime.withRun(message.roomId, async (runId) => {
      const startTime = Date.now();
      const messageId = message.id;
      const { roomId, entityId } = message;
      const source = 'messageHandler';
      // Whole literals, not `{ ...base, status }`: a property added after a spread costs ~0.7 µs in V8.
      const ended = (status: RunStatus, error?: string) => {
        const endTime = Date.now();
        return {
          runId,
          messageId,
          roomId,
          entityId,
          startTime,
          source,
          status,
          endTime,
          duration: endTime - startTime,
          error,
        };
      };
      const end = (status: RunStatus, error?: string) => runtime.emitEvent('RUN_ENDED', ended(status, error));
      await runtime.emitEvent('RUN_STARTED', {
        runId,
        messageId,
        roomId,
        entityId,
        startTime,
        source,
        status: 'started',
      });

      const timeoutMs =
        turn.options.timeoutMs ?? (Number(runtime.getSetting('RESPONSE_TIMEOUT')) || DEFAULT_TIMEOUT_MS);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      let outcome: { result: MessageProcessingResult; evaluate?: () => Promise<unknown> } | 'timeout';
      try {
        outcome = await Promise.race([this.process(turn, runId), timedOut]);
      } catch (error) {
        void this.giveBackTurn(turn);
        const reason = error instanceof Error ? error.message : String(error);
        // The one line a failed turn writes at the default level: what failed (the model call, when it was one) and why.
        runtime.logger.error(
          { err: error, roomId: message.roomId, messageId: message.id, ...modelFailureOf(error) },
          `Message processing failed: ${describeModelFailure(error, reason)}`,
        );
        settle(result('error', { error: reason, runId }));
        await end('error', reason);
        return;
      } finally {
        clearTimeout(timer);
      }

      if (outcome === 'timeout') {
        turn.aborted = true;
        void this.giveBackTurn(turn);
        const error = `Run exceeded the ${timeoutMs} ms response timeout (RESPONSE_TIMEOUT)`;
        runtime.logger.warn({ roomId: message.roomId, messageId: message.id, timeoutMs }, error);
        settle(result('error', { error, runId }));
        await runtime.emitEvent('RUN_TIMEOUT', ended('timeout', error));
        return;
      }

      settle(outcome.result);
      try {
        await outcome.evaluate?.();
      } catch (error) {
        runtime.logger.error({ err: error, messageId: message.id }, 'Evaluators failed after the reply was sent');
      }
      await end(outcome.result.mode === 'discarded' ? 'discarded' : 'completed');
    });
  }

  private keepExisting(runtime: IAgentRuntime, options: MessageProcessingOptions): boolean {
    if (options.keepExistingResponses !== undefined) return options.keepExistingResponses;
    const setting = runtime.getSetting('BASIC_CAPABILITIES_KEEP_RESP');
    return setting === true || setting === 'true';
  }

  private isStale(turn: Turn): boolean {
    return !this.keepExisting(turn.runtime, turn.options) && turn.options.superseded?.() === true;
  }

  private async process(
    turn: Turn,
    runId: UUID,
  ): Promise<{ result: MessageProcessingResult; evaluate?: () => Promise<unknown> }> {
    const { runtime, message } = turn;
    await this.storeIncoming(turn);
    await this.readAttachments(turn);

    const [state, room] = await Promise.all([
      runtime.composeState(message, firstPassProviders(message)),
      roomOf(runtime, message),
    ]);
    logChat({
      direction: 'in',
      roomId: message.roomId,
      name: String(state.values.senderName ?? message.entityId),
      text: message.content.text ?? '',
    });

    // A newer message already waits in this room: skip the model calls, its turn answers.
    if (this.isStale(turn)) return this.discard(turn, state, runId);

    // In a room of several agents, a turn of the channel's budget first; spent, the agent stays silent.
    const claim = await this.turnGuard.claim(runtime, message, room);
    if (claim.kind === 'spent') {
      const thought = `The agents have sent ${claim.max} messages since a person last spoke (MAX_AGENT_TURNS); waiting for a person.`;
      return this.ignore(turn, state, runId, thought);
    }
    if (claim.kind === 'held') turn.agentTurn = claim.turn;
    const outcome = await this.decideAndAnswer(turn, state, room, runId, claim.kind === 'free');
    await this.giveBackTurn(turn);
    return outcome;
  }

  /** Gives back the channel turn of a turn that said nothing (no reply, only an IGNORE), once. */
  private async giveBackTurn(turn: Turn): Promise<void> {
    const held = turn.agentTurn;
    if (!held || turn.delivered.some((memory) => !memory.content.actions?.includes('IGNORE'))) return;
    turn.agentTurn = undefined;
    await held
      .release()
      .catch((error: unknown) =>
        turn.runtime.logger.warn({ err: error, roomId: turn.message.roomId }, 'Could not give back a channel turn'),
      );
  }

  private async decideAndAnswer(
    turn: Turn,
    state: State,
    room: Room | null,
    runId: UUID,
    countChain: boolean,
  ): Promise<{ result: MessageProcessingResult; evaluate?: () => Promise<unknown> }> {
    const { runtime, message } = turn;
    // In a channel the channel's budget is the loop guard; elsewhere, the agent's own count of agent-to-agent turns.
    const decision = await decideResponse(runtime, message, room, state, countChain ? this.chain : undefined);
    if (!decision.respond) return this.ignore(turn, state, runId, decision.thought);

    const content = await generateResponse(runtime, message, state, turn.options.onStreamChunk);
    if (!content) return this.ignore(turn, state, runId, 'No usable response was generated.');
    if (this.isStale(turn)) return this.discard(turn, state, runId);
    const actions = content.actions ?? [];
    if (actions.length === 1 && actions[0] === 'IGNORE') return this.ignore(turn, state, runId, content.thought);

    const deliver = (reply: Content, actionName?: string) => this.deliver(turn, reply, actionName);
    if (content.simple && content.text) {
      await deliver({ thought: content.thought, text: content.text, actions: content.actions, simple: true }, 'REPLY');
    } else {
      // Providers the model asked for are composed in before its actions run.
      const actionState = content.providers?.length
        ? await runtime.composeState(message, [...firstPassProviders(message), ...content.providers])
        : state;
      const responseMessage: Memory = {
        id: randomUuid(),
        entityId: runtime.agentId,
        agentId: runtime.agentId,
        roomId: message.roomId,
        content,
        createdAt: Date.now(),
      };
      await runtime.processActions(message, [responseMessage], actionState, deliver, {
        onStreamChunk: turn.options.onStreamChunk,
      });
      // Actions that sent nothing (one threw, none matched, or they stay silent) still end in one recorded decision.
      if (turn.delivered.length === 0)
        return this.ignore(
          turn,
          actionState,
          runId,
          `No reply was sent: the actions (${actions.join(', ')}) delivered nothing.`,
        );
    }
    return {
      result: {
        didRespond: true,
        mode: content.simple ? 'simple' : 'actions',
        responseContent: content,
        responseMessages: turn.delivered,
        state,
        runId,
      },
      evaluate: () => runtime.evaluate(message, state, true, deliver, turn.delivered),
    };
  }

  /**
   * Stores the incoming message once (or gives it a synthetic id). Whether
   * it is to be answered at all is the message ledger's decision, made
   * before the turn starts; a message stored before (an entry an earlier
   * process accepted, a fleet hand-over) is not stored twice.
   */
  private async storeIncoming(turn: Turn): Promise<void> {
    const { runtime, message } = turn;
    if (!turn.store) {
      message.id ??= randomUuid();
      return;
    }
    // Stored by the ledger together with its inbox entry, whose id was new: nothing to look up.
    if (turn.options.messageStored && message.id) {
      void runtime.queueEmbeddingGeneration(message, 'high');
      return;
    }
    if (message.id && (await runtime.getMemoryById(message.id))) return;
    // Object.assign, not `{ ...message, createdAt }`: V8 makes a property added after a spread slow (~0.7 µs).
    const stored = Object.assign({}, message);
    stored.createdAt = message.createdAt ?? Date.now();
    message.id = await runtime.createMemory(stored, 'messages');
    void runtime.queueEmbeddingGeneration(message, 'high');
  }

  /** elizaOS's: describes images and reads text documents of attachments outside a turn. */
  processAttachments(runtime: IAgentRuntime, attachments: Media[]): Promise<Media[]> {
    const carrier = { content: { attachments } } as Memory;
    return processAttachments(runtime, carrier);
  }

  /** Describes images and reads text documents; the stored message gets the results too. */
  private async readAttachments(turn: Turn): Promise<void> {
    const { runtime, message } = turn;
    if (!message.content.attachments?.length) return;
    await processAttachments(runtime, message);
    if (turn.store && message.id) await runtime.updateMemory({ id: message.id, content: message.content });
  }

  private async deliver(turn: Turn, content: Content, actionName?: string): Promise<Memory[]> {
    const { runtime, message } = turn;
    if (turn.aborted) {
      runtime.logger.warn(
        { messageId: message.id, actionName },
        'A reply came after the run timed out; not sending it',
      );
      return [];
    }
    const memory: Memory = {
      id: randomUuid(),
      entityId: runtime.agentId,
      agentId: runtime.agentId,
      roomId: message.roomId,
      worldId: message.worldId,
      content: Object.assign({}, content, { inReplyTo: content.inReplyTo ?? replyKeyOf(runtime, message.id as UUID) }),
      createdAt: Date.now(),
    };
    // Both writes start in this tick, so a group-committing adapter commits them as one transaction.
    const stored = turn.store ? runtime.createMemory(memory, 'messages') : undefined;
    const joined = this.joinDecision(turn, memory.content);
    await stored;
    await joined;
    logChat({
      direction: 'out',
      roomId: message.roomId,
      name: runtime.character.name,
      text: content.text ?? '',
      actionName,
    });
    if (turn.callback) await turn.callback(memory.content, actionName);
    turn.delivered.push(memory);
    return [memory];
  }

  /** Starts options.commitWithDecision with the turn's first decision; its failure is the caller's to report. */
  private joinDecision(turn: Turn, decision: Content): Promise<void> | undefined {
    if (turn.decisionJoined || !turn.options.commitWithDecision) return undefined;
    turn.decisionJoined = true;
    return turn.options.commitWithDecision(decision).catch((error: unknown) => {
      turn.runtime.logger.warn({ err: error, messageId: turn.message.id }, 'The write joined to the decision failed');
    });
  }

  private discard(turn: Turn, state: State, runId: UUID): { result: MessageProcessingResult } {
    turn.runtime.logger.info(
      { roomId: turn.message.roomId, messageId: turn.message.id },
      'Response discarded: a newer message in this room is being answered',
    );
    return { result: result('discarded', { state, runId }) };
  }

  /** Records the decision not to answer (an IGNORE memory and callback), unless the turn went stale. */
  private async ignore(
    turn: Turn,
    state: State,
    runId: UUID,
    thought?: string,
  ): Promise<{ result: MessageProcessingResult; evaluate?: () => Promise<unknown> }> {
    if (this.isStale(turn)) return this.discard(turn, state, runId);
    const content: Content = {
      thought: thought || 'Decided not to respond to this message.',
      actions: ['IGNORE'],
      simple: true,
    };
    const memories = await this.deliver(turn, content, 'IGNORE');
    return {
      result: result('ignored', { responseContent: content, responseMessages: memories, state, runId }),
      evaluate: () => turn.runtime.evaluate(turn.message, state, false, undefined, memories),
    };
  }
}
