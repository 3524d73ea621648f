import {
  composePromptFromState,
  createUniqueUuid,
  logChat,
  messageHandlerTemplate,
  parseKeyValueXml,
  randomUuid,
  shouldRespondTemplate,
  type Content,
  type HandlerCallback,
  type IAgentRuntime,
  type IMessageService,
  type Memory,
  type MessageProcessingOptions,
  type MessageProcessingResult,
  type RunStatus,
  type State,
  type UUID,
} from '@kith/core';
import { KeyedSerialQueue } from './keyed-serial-queue';
import { shouldBypassShouldRespond } from './should-bypass';

const MAX_ATTEMPTS = 3;
const DEFAULT_TIMEOUT_MS = 60 * 60 * 1000;
const FIRST_PASS_PROVIDERS = ['ANXIETY', 'ENTITIES', 'CHARACTER', 'RECENT_MESSAGES', 'ACTIONS'];

type RunWithRun = IAgentRuntime & { withRun?<T>(roomId: UUID | undefined, fn: (runId: UUID) => Promise<T>): Promise<T> };

/** Remembers handled message ids so a message delivered twice is answered once. */
class SeenMessages {
  private readonly ids = new Map<string, true>();
  constructor(private readonly max = 20_000) {}
  has(id: string): boolean {
    return this.ids.has(id);
  }
  add(id: string): void {
    this.ids.set(id, true);
    if (this.ids.size > this.max) this.ids.delete(this.ids.keys().next().value as string);
  }
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).map((s) => s.trim()).filter(Boolean);
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
  return [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The platform-agnostic message pipeline: store, decide, generate, act,
 * deliver, evaluate. Messages of one room run in arrival order.
 */
export class DefaultMessageService implements IMessageService {
  private readonly rooms = new KeyedSerialQueue();
  private readonly seen = new SeenMessages();
  /** Latest response id per room: a newer message makes an older reply stale. */
  private readonly latestResponse = new Map<string, string>();

  async handleMessage(
    runtime: IAgentRuntime,
    message: Memory,
    callback?: HandlerCallback,
    options: MessageProcessingOptions = {},
  ): Promise<MessageProcessingResult> {
    const dedupeKeys = [message.id, message.metadata?.sourceId].filter((k): k is string => typeof k === 'string' && k.length > 0);
    if (dedupeKeys.some((key) => this.seen.has(key))) return this.skipped('duplicate');
    dedupeKeys.forEach((key) => this.seen.add(key));

    const responseId = randomUuid();
    this.latestResponse.set(message.roomId, responseId);
    const run = (fn: (runId: UUID) => Promise<MessageProcessingResult>) => {
      const host = runtime as RunWithRun;
      return host.withRun ? host.withRun(message.roomId, fn) : fn(runtime.startRun(message.roomId));
    };
    try {
      return await this.rooms.run(message.roomId, () => run((runId) => this.processWithTimeout(runtime, message, callback, options, responseId, runId)));
    } finally {
      if (this.latestResponse.get(message.roomId) === responseId) this.latestResponse.delete(message.roomId);
    }
  }

  private skipped(mode: MessageProcessingResult['mode']): MessageProcessingResult {
    return { didRespond: false, mode, responseContent: null, responseMessages: [] };
  }

  private async processWithTimeout(
    runtime: IAgentRuntime,
    message: Memory,
    callback: HandlerCallback | undefined,
    options: MessageProcessingOptions,
    responseId: string,
    runId: UUID,
  ): Promise<MessageProcessingResult> {
    const startTime = Date.now();
    const base = { runId, messageId: message.id, roomId: message.roomId, entityId: message.entityId, startTime, source: 'messageHandler' };
    const end = (status: RunStatus, error?: string) =>
      runtime.emitEvent('RUN_ENDED', { ...base, status, endTime: Date.now(), duration: Date.now() - startTime, error });
    await runtime.emitEvent('RUN_STARTED', { ...base, status: 'started' });

    const timeoutMs = options.timeoutMs ?? (Number(runtime.getSetting('RESPONSE_TIMEOUT')) || DEFAULT_TIMEOUT_MS);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<MessageProcessingResult>((resolve) => {
      timer = setTimeout(() => {
        const error = `Run exceeded ${timeoutMs} ms timeout`;
        void runtime.emitEvent('RUN_TIMEOUT', { ...base, status: 'timeout', endTime: Date.now(), duration: Date.now() - startTime, error });
        resolve({ didRespond: false, mode: 'error', responseContent: null, responseMessages: [], error });
      }, timeoutMs);
    });
    try {
      const result = await Promise.race([this.process(runtime, message, callback, options, responseId), timeout]);
      if (result.mode !== 'error') await end(result.mode === 'discarded' ? 'discarded' : 'completed');
      return result;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      runtime.logger.error({ err: error, roomId: message.roomId, messageId: message.id }, 'Message processing failed');
      await end('error', reason);
      return { didRespond: false, mode: 'error', responseContent: null, responseMessages: [], error: reason };
    } finally {
      clearTimeout(timer);
    }
  }

  private keepExisting(runtime: IAgentRuntime, options: MessageProcessingOptions): boolean {
    if (options.keepExistingResponses !== undefined) return options.keepExistingResponses;
    const setting = runtime.getSetting('BASIC_CAPABILITIES_KEEP_RESP');
    return setting === true || setting === 'true';
  }

  private isStale(message: Memory, responseId: string, keep: boolean): boolean {
    if (keep) return false;
    const latest = this.latestResponse.get(message.roomId);
    return latest !== undefined && latest !== responseId;
  }

  private async process(
    runtime: IAgentRuntime,
    message: Memory,
    callback: HandlerCallback | undefined,
    options: MessageProcessingOptions,
    responseId: string,
  ): Promise<MessageProcessingResult> {
    if (message.entityId === runtime.agentId) return this.skipped('skipped');
    const keep = this.keepExisting(runtime, options);
    const persist = runtime.getSetting('DISABLE_MEMORY_CREATION') !== true;

    if (persist) {
      message.id = await runtime.createMemory({ ...message, createdAt: message.createdAt ?? Date.now() }, 'messages');
      void runtime.queueEmbeddingGeneration(message, 'high');
    } else {
      message.id ??= randomUuid();
    }

    const [state, room] = await Promise.all([runtime.composeState(message, FIRST_PASS_PROVIDERS), runtime.getRoom(message.roomId)]);
    logChat({ direction: 'in', roomId: message.roomId, name: String(state.values.senderName ?? message.entityId), text: message.content.text ?? '' });

    const deliver = async (content: Content, actionName?: string): Promise<Memory[]> => {
      const memory: Memory = {
        id: randomUuid(),
        entityId: runtime.agentId,
        agentId: runtime.agentId,
        roomId: message.roomId,
        worldId: message.worldId,
        content: { ...content, inReplyTo: content.inReplyTo ?? createUniqueUuid(runtime, message.id as UUID) },
        createdAt: Date.now(),
      };
      if (persist) await runtime.createMemory(memory, 'messages');
      logChat({ direction: 'out', roomId: message.roomId, name: runtime.character.name, text: content.text ?? '', actionName });
      if (callback) await callback(memory.content, actionName);
      return [memory];
    };

    // A newer message already waits in this room: skip the model call, its turn will answer.
    if (this.isStale(message, responseId, keep)) return this.discard(runtime, message, state);

    const respond = shouldBypassShouldRespond(runtime, room, message.content.source) || (await this.askShouldRespond(runtime, state));
    if (!respond) return this.ignore(runtime, message, responseId, keep, deliver, state);

    const content = await this.generate(runtime, state);
    if (!content) return this.ignore(runtime, message, responseId, keep, deliver, state);
    if (this.isStale(message, responseId, keep)) return this.discard(runtime, message, state);

    const actions = content.actions ?? [];
    if (actions.length === 1 && actions[0] === 'IGNORE') return this.ignore(runtime, message, responseId, keep, deliver, state, content);

    const responseMessage: Memory = {
      id: randomUuid(),
      entityId: runtime.agentId,
      agentId: runtime.agentId,
      roomId: message.roomId,
      content,
      createdAt: Date.now(),
    };
    let delivered: Memory[] = [];
    const collect = async (c: Content, actionName?: string) => {
      const memories = await deliver(c, actionName);
      delivered = delivered.concat(memories);
      return memories;
    };
    if (content.simple && content.text) {
      await collect({ thought: content.thought, text: content.text, actions: content.actions, simple: true }, 'REPLY');
    } else {
      await runtime.processActions(message, [responseMessage], state, collect, { onStreamChunk: options.onStreamChunk });
    }
    await runtime.evaluate(message, state, true, collect, delivered);
    return { didRespond: true, mode: content.simple ? 'simple' : 'actions', responseContent: content, responseMessages: delivered, state };
  }

  private discard(runtime: IAgentRuntime, message: Memory, state: State): MessageProcessingResult {
    runtime.logger.info({ roomId: message.roomId, messageId: message.id }, 'Response discarded: a newer message in this room is being processed');
    return { didRespond: false, mode: 'discarded', responseContent: null, responseMessages: [], state };
  }

  private async askShouldRespond(runtime: IAgentRuntime, state: State): Promise<boolean> {
    const prompt = composePromptFromState({ state, template: runtime.character.templates?.shouldRespondTemplate ?? shouldRespondTemplate });
    const output = await runtime.useModel('TEXT_SMALL', { prompt });
    const parsed = parseKeyValueXml(output);
    const action = text(parsed?.action).toUpperCase();
    return action.length > 0 && !['IGNORE', 'NONE', 'STOP'].includes(action);
  }

  /** One TEXT_LARGE call; retried (up to 3 in all) while thought or actions are missing. */
  private async generate(runtime: IAgentRuntime, state: State): Promise<Content | null> {
    const prompt = composePromptFromState({ state, template: runtime.character.templates?.messageHandlerTemplate ?? messageHandlerTemplate });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const output = await runtime.useModel('TEXT_LARGE', { prompt });
      const parsed = parseKeyValueXml(output);
      let actions = asList(parsed?.actions).map((a) => a.toUpperCase());
      const thought = text(parsed?.thought);
      const reply = text(parsed?.text);
      if (!parsed || actions.length === 0 || (!thought && !reply)) {
        runtime.logger.warn({ attempt }, 'Model output lacked thought or actions; asking again');
        continue;
      }
      // A reply with text is not ignored, whatever else the model listed.
      if (reply.trim() && actions.includes('IGNORE')) actions = actions.filter((a) => a !== 'IGNORE');
      if (actions.length === 0) actions = ['REPLY'];
      const providers = asList(parsed.providers);
      const params = parsed.params && typeof parsed.params === 'object' && !Array.isArray(parsed.params) ? (parsed.params as Content['params']) : undefined;
      return {
        thought,
        text: reply,
        actions,
        providers,
        ...(params ? { params } : {}),
        simple: actions.length === 1 && actions[0] === 'REPLY' && providers.length === 0,
      };
    }
    return null;
  }

  private async ignore(
    runtime: IAgentRuntime,
    message: Memory,
    responseId: string,
    keep: boolean,
    deliver: (content: Content, actionName?: string) => Promise<Memory[]>,
    state: State,
    generated?: Content,
  ): Promise<MessageProcessingResult> {
    if (this.isStale(message, responseId, keep)) return this.discard(runtime, message, state);
    const content: Content = {
      thought: generated?.thought || 'Agent decided not to respond to this message.',
      actions: ['IGNORE'],
      simple: true,
    };
    const memories = await deliver(content, 'IGNORE');
    await runtime.evaluate(message, state, false, undefined, memories);
    return { didRespond: false, mode: 'ignored', responseContent: content, responseMessages: memories, state };
  }
}
