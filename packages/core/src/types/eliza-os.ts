import type { Character } from './character';
import type { Room } from './environment';
import type { Memory } from './memory';
import type { MessageProcessingOptions, MessageProcessingResult } from './messaging';
import type { Content, UUID } from './primitives';
import type { IAgentRuntime } from './runtime';
import type { IService } from './service';
import type { GenerateTextOptions, GenerateTextResult } from './model';
import type { State } from './state';

/** A message handed to `runtime.elizaOS.handleMessage`: the fields Kith fills in may be left out. */
export type IncomingMessage = Partial<Memory> & { entityId: UUID; roomId: UUID; content: Content; worldId?: UUID };

/** elizaOS 1.x options of `elizaOS.handleMessage`. With `onResponse` the call returns at once (async mode). */
export interface HandleMessageOptions extends MessageProcessingOptions {
  onResponse?: (content: Content) => Promise<void>;
  onError?: (error: Error) => Promise<void>;
  onComplete?: () => Promise<void>;
}

/** elizaOS's name for the options of `elizaOS.handleMessage`. */
export type MessageHandlerOptions = HandleMessageOptions;

export interface HandleMessageResult {
  messageId: UUID;
  userMessage: Memory;
  /** The pipeline's result; only when the call waited for it (no `onResponse`). */
  processing?: MessageProcessingResult;
}

/**
 * The part of elizaOS's `ElizaOS` orchestrator that plugins reach through
 * `runtime.elizaOS` (connectors hand their messages to it). In Kith every
 * message it takes goes through `runtime.messageService`, the one pipeline.
 */
export interface IElizaOS {
  handleMessage(
    target: UUID | IAgentRuntime,
    message: IncomingMessage,
    options?: HandleMessageOptions,
  ): Promise<HandleMessageResult>;
  handleMessages(
    messages: { agentId: UUID; message: IncomingMessage; options?: HandleMessageOptions }[],
  ): Promise<{ agentId: UUID; result?: HandleMessageResult; error?: Error }[]>;
  getAgent(agentId: UUID): IAgentRuntime | undefined;
  getAgents(): IAgentRuntime[];
  getAgentByName(name: string): IAgentRuntime | undefined;
}

/** Runtime members only elizaOS plugins use; compat/eliza-os-members.ts declares them for AgentRuntime. */
export interface ElizaOSRuntimeMembers {
  /** The elizaOS orchestrator facade; its handleMessage feeds `messageService`. */
  readonly elizaOS: IElizaOS;
  hasElizaOS(): boolean;
  addParticipant(entityId: UUID, roomId: UUID): Promise<boolean>;
  getTypedService<T extends IService = IService>(serviceType: string): T | null;
  getRegisteredServiceTypes(): string[];
  createRoom(room: Room): Promise<UUID>;
  /** Composed states by message id. */
  readonly stateCache: Map<string, State>;
  /** Settles once initialize() has finished. */
  readonly initPromise: Promise<void>;
  /** Resolves once the service is up; rejects if its start fails; null if the agent stops first. */
  getServiceLoadPromise<T extends IService = IService>(serviceType: string): Promise<T | null>;
  /** One text call, with the character before the input unless `includeCharacter` is false. */
  generateText(input: string, options?: GenerateTextOptions): Promise<GenerateTextResult>;
  getAllMemories(): Promise<Memory[]>;
  clearAllAgentMemories(): Promise<void>;
}

/**
 * elizaOS's result of sending a message to an agent: the responses and usage
 * when the call waited (Kith's `elizaOS.handleMessage` returns HandleMessageResult).
 */
export interface MessageResult {
  messageId: UUID;
  userMessage?: Memory;
  agentResponses?: Content[];
  usage?: { inputTokens: number; outputTokens: number; model: string };
}

/** One operation of elizaOS's batch API. */
export interface BatchOperation {
  agentId: UUID;
  operation: 'message' | 'action' | 'evaluate';
  payload: unknown;
}

/** Read-only access to the agents of an orchestrator. */
export interface ReadonlyRuntime {
  getAgent(id: UUID): IAgentRuntime | undefined;
  getAgents(): IAgentRuntime[];
  getState(agentId: UUID): State | undefined;
}

/** An agent's health as elizaOS's orchestrator reports it. */
export interface HealthStatus {
  alive: boolean;
  responsive: boolean;
  memoryUsage?: number;
  uptime?: number;
}

/** A change to an agent's character. */
export interface AgentUpdate {
  id: UUID;
  character: Partial<Character>;
}
