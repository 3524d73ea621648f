import type { HandlerCallback, StreamChunkCallback } from './components';
import type { Memory } from './memory';
import type { Room } from './environment';
import type { Content, Media, MentionContext, UUID } from './primitives';
import type { IAgentRuntime } from './runtime';
import type { State } from './state';

export interface MessageProcessingOptions {
  /** Keep a reply even if a newer message arrived meanwhile (overrides BASIC_CAPABILITIES_KEEP_RESP). */
  keepExistingResponses?: boolean;
  /** Overrides RESPONSE_TIMEOUT for this message (ms). */
  timeoutMs?: number;
  onStreamChunk?: StreamChunkCallback;
  /**
   * Kith: the caller stored the message already (the message bus stores it
   * with its inbox entry after checking the id is new), so the pipeline
   * neither looks it up nor stores it again.
   */
  messageStored?: boolean;
  /**
   * Kith: a write to start in the same tick as the turn's first recorded
   * decision (its reply or IGNORE), so a group-committing adapter commits
   * both in one transaction (the message bus marks its inbox entry answered
   * there). Called at most once, with that decision; not called when the turn
   * records nothing.
   */
  commitWithDecision?: (decision?: Content) => Promise<void>;
  /**
   * Kith: whether a later message of the room has arrived since this one
   * (the message ledger knows the room's line). Unless responses are kept,
   * the pipeline then gives way to it instead of answering this one.
   */
  superseded?: () => boolean;
}

export type MessageProcessingMode = 'simple' | 'actions' | 'ignored' | 'discarded' | 'duplicate' | 'skipped' | 'error';

export interface MessageProcessingResult {
  didRespond: boolean;
  mode: MessageProcessingMode;
  responseContent: Content | null;
  responseMessages: Memory[];
  state?: State;
  error?: string;
  /** The run that handled the message (absent for duplicates and skipped messages). */
  runId?: import('./primitives').UUID;
}

/** elizaOS's quick should-respond check: answer at once, skip it, or let the model decide (`skipEvaluation: false`). */
export interface ResponseDecision {
  shouldRespond: boolean;
  skipEvaluation: boolean;
  reason: string;
}

/** The message pipeline, implemented by plugin-bootstrap and installed on the runtime. */
export interface IMessageService {
  handleMessage(
    runtime: IAgentRuntime,
    message: Memory,
    callback?: HandlerCallback,
    options?: MessageProcessingOptions,
  ): Promise<MessageProcessingResult>;
  /** Kith: resolves when work started by earlier messages (evaluators) has finished. */
  whenIdle?(): Promise<void>;
  /** elizaOS: whether to answer without asking the model (DMs, API rooms, mentions, replies). */
  shouldRespond?(
    runtime: IAgentRuntime,
    message: Memory,
    room?: Room,
    mentionContext?: MentionContext,
  ): ResponseDecision;
  /** elizaOS: what the pipeline makes of attachments before a turn (descriptions, transcripts). */
  processAttachments?(runtime: IAgentRuntime, attachments: Media[]): Promise<Media[]>;
  /** elizaOS: removes one stored message. */
  deleteMessage?(runtime: IAgentRuntime, message: Memory): Promise<void>;
  /** elizaOS: removes every message of a room. */
  clearChannel?(runtime: IAgentRuntime, roomId: UUID, channelId?: string): Promise<void>;
}

/** Delivers a message to a room or entity on a platform (SEND_MESSAGE). */
export interface TargetInfo {
  source: string;
  roomId?: import('./primitives').UUID;
  channelId?: string;
  serverId?: string;
  entityId?: import('./primitives').UUID;
  threadId?: string;
}

export type SendHandlerFunction = (runtime: IAgentRuntime, target: TargetInfo, content: Content) => Promise<void>;
