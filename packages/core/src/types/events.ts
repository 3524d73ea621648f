import type { ActionResult, HandlerCallback } from './components';
import type { Entity, Room, World } from './environment';
import type { Memory } from './memory';
import type { Content, Metadata, UUID } from './primitives';
import type { IAgentRuntime } from './runtime';
import type { TokenUsage } from './model';

export enum EventType {
  WORLD_JOINED = 'WORLD_JOINED',
  WORLD_CONNECTED = 'WORLD_CONNECTED',
  WORLD_LEFT = 'WORLD_LEFT',
  ENTITY_JOINED = 'ENTITY_JOINED',
  ENTITY_LEFT = 'ENTITY_LEFT',
  ENTITY_UPDATED = 'ENTITY_UPDATED',
  ROOM_JOINED = 'ROOM_JOINED',
  ROOM_LEFT = 'ROOM_LEFT',
  MESSAGE_RECEIVED = 'MESSAGE_RECEIVED',
  MESSAGE_SENT = 'MESSAGE_SENT',
  MESSAGE_DELETED = 'MESSAGE_DELETED',
  CHANNEL_CLEARED = 'CHANNEL_CLEARED',
  VOICE_MESSAGE_RECEIVED = 'VOICE_MESSAGE_RECEIVED',
  VOICE_MESSAGE_SENT = 'VOICE_MESSAGE_SENT',
  REACTION_RECEIVED = 'REACTION_RECEIVED',
  POST_GENERATED = 'POST_GENERATED',
  INTERACTION_RECEIVED = 'INTERACTION_RECEIVED',
  RUN_STARTED = 'RUN_STARTED',
  RUN_ENDED = 'RUN_ENDED',
  RUN_TIMEOUT = 'RUN_TIMEOUT',
  ACTION_STARTED = 'ACTION_STARTED',
  ACTION_COMPLETED = 'ACTION_COMPLETED',
  EVALUATOR_STARTED = 'EVALUATOR_STARTED',
  EVALUATOR_COMPLETED = 'EVALUATOR_COMPLETED',
  MODEL_USED = 'MODEL_USED',
  EMBEDDING_GENERATION_REQUESTED = 'EMBEDDING_GENERATION_REQUESTED',
  EMBEDDING_GENERATION_COMPLETED = 'EMBEDDING_GENERATION_COMPLETED',
  EMBEDDING_GENERATION_FAILED = 'EMBEDDING_GENERATION_FAILED',
  CONTROL_MESSAGE = 'CONTROL_MESSAGE',
}

export interface EventPayload {
  runtime: IAgentRuntime;
  source?: string;
  onComplete?: () => void;
}

export interface MessagePayload extends EventPayload {
  message: Memory;
  callback?: HandlerCallback;
}

export interface WorldPayload extends EventPayload {
  world: World;
  rooms: Room[];
  entities: Entity[];
}

export interface EntityPayload extends EventPayload {
  entityId: UUID;
  worldId?: UUID;
  roomId?: UUID;
  metadata?: Metadata;
}

export interface ChannelClearedPayload extends EventPayload {
  roomId: UUID;
  channelId: string;
  memoryCount: number;
}

export type RunStatus = 'started' | 'completed' | 'timeout' | 'error' | 'discarded';

export interface RunEventPayload extends EventPayload {
  runId: UUID;
  messageId?: UUID;
  roomId: UUID;
  entityId: UUID;
  startTime: number;
  status: RunStatus;
  endTime?: number;
  duration?: number;
  error?: string;
}

export interface ActionEventPayload extends EventPayload {
  roomId: UUID;
  runId?: UUID;
  messageId?: UUID;
  actionName: string;
  /** Kith: the plugin that registered the action. */
  pluginName?: string;
  content?: Content;
  result?: ActionResult;
  durationMs?: number;
  /** elizaOS: the world of the room. */
  world?: UUID;
}

export interface EvaluatorEventPayload extends EventPayload {
  evaluatorName: string;
  /** elizaOS: the evaluator's id, when and whether it ran. */
  evaluatorId?: UUID;
  startTime?: number;
  completed?: boolean;
  /** Kith: the plugin that registered the evaluator. */
  pluginName?: string;
  roomId?: UUID;
  runId?: UUID;
  messageId?: UUID;
  error?: string;
  durationMs?: number;
}

export interface ModelEventPayload extends EventPayload {
  type: string;
  provider: string;
  /** Kith: the model the handler reported using (`gpt-4o-mini`), when it did. */
  model?: string;
  runId?: UUID;
  /** Kith: the room of the run the call was made in. */
  roomId?: UUID;
  promptChars: number;
  durationMs: number;
  /** Kith: for a streamed call, milliseconds from the call to its first chunk. */
  timeToFirstChunkMs?: number;
  tokens?: TokenUsage;
  /**
   * Kith: what the call cost in USD at the prices in MODEL_PRICES (or the
   * defaults); 0 without tokens, absent when tokens were spent on a model
   * without a known price.
   */
  costUsd?: number;
  /** Kith: the call went to the offline fallback because MAX_DAILY_COST_USD was reached. */
  overBudget?: boolean;
  /** Kith: the prompt (or the params as JSON), only with LOG_PROMPTS_TO_DB=true. */
  prompt?: string;
  /** Kith: the raw response (non-text results as JSON), only with LOG_PROMPTS_TO_DB=true. */
  response?: string;
  success: boolean;
  error?: string;
}

/** Kith: one provider's run inside composeState (PROVIDER_COMPLETED). */
export interface ProviderEventPayload extends EventPayload {
  providerName: string;
  /** The plugin that registered the provider. */
  pluginName?: string;
  runId?: UUID;
  roomId?: UUID;
  messageId?: UUID;
  durationMs: number;
  /** False when the provider threw or timed out (its result was left out of the state). */
  success: boolean;
  timedOut?: boolean;
}

/**
 * Kith: one database call made through the runtime (DATABASE_OPERATION).
 * Emitted only while a handler listens; a handler must not use the database
 * through the runtime (that would emit again).
 */
export interface DatabaseOperationPayload extends EventPayload {
  operation: string;
  durationMs: number;
  success: boolean;
}

export interface EmbeddingGenerationPayload extends EventPayload {
  memory: Memory;
  priority?: 'high' | 'normal' | 'low';
  error?: string;
  // elizaOS: the attempt and the vector produced.
  retryCount?: number;
  maxRetries?: number;
  embedding?: number[];
  runId?: UUID;
}

/** Kith: progress of `runtime.addKnowledge`, after each batch of fragments. */
export interface KnowledgeProgressPayload extends EventPayload {
  documentId: UUID;
  done: number;
  failed: number;
  total: number;
}

export interface PostGeneratedPayload extends EventPayload {
  roomId: UUID;
  worldId?: UUID;
  userId?: UUID;
  callback?: HandlerCallback;
}

/** elizaOS's name for the payload of events invoked without a message (POST_GENERATED). */
export type InvokePayload = PostGeneratedPayload;

export interface ControlMessagePayload extends EventPayload {
  message: { type: string; payload: Metadata; roomId: UUID };
}

/** The payload type of every event the runtime knows. */
export interface EventPayloadMap {
  WORLD_JOINED: WorldPayload;
  WORLD_CONNECTED: WorldPayload;
  WORLD_LEFT: WorldPayload;
  ENTITY_JOINED: EntityPayload;
  ENTITY_LEFT: EntityPayload;
  ENTITY_UPDATED: EntityPayload;
  ROOM_JOINED: EventPayload & { room: Room };
  ROOM_LEFT: EventPayload & { room: Room };
  MESSAGE_RECEIVED: MessagePayload;
  MESSAGE_SENT: MessagePayload;
  MESSAGE_DELETED: MessagePayload;
  CHANNEL_CLEARED: ChannelClearedPayload;
  VOICE_MESSAGE_RECEIVED: MessagePayload;
  VOICE_MESSAGE_SENT: MessagePayload;
  REACTION_RECEIVED: MessagePayload;
  POST_GENERATED: PostGeneratedPayload;
  INTERACTION_RECEIVED: MessagePayload;
  RUN_STARTED: RunEventPayload;
  RUN_ENDED: RunEventPayload;
  RUN_TIMEOUT: RunEventPayload;
  ACTION_STARTED: ActionEventPayload;
  ACTION_COMPLETED: ActionEventPayload;
  EVALUATOR_STARTED: EvaluatorEventPayload;
  EVALUATOR_COMPLETED: EvaluatorEventPayload;
  MODEL_USED: ModelEventPayload;
  EMBEDDING_GENERATION_REQUESTED: EmbeddingGenerationPayload;
  EMBEDDING_GENERATION_COMPLETED: EmbeddingGenerationPayload;
  EMBEDDING_GENERATION_FAILED: EmbeddingGenerationPayload;
  KNOWLEDGE_PROGRESS: KnowledgeProgressPayload;
  PROVIDER_COMPLETED: ProviderEventPayload;
  DATABASE_OPERATION: DatabaseOperationPayload;
  CONTROL_MESSAGE: ControlMessagePayload;
}

export type EventName = keyof EventPayloadMap;

/**
 * Payload of a known event (by enum member or plain name); plugin-defined
 * events carry any object.
 */
export type PayloadOf<E extends string> = `${E}` extends EventName
  ? EventPayloadMap[`${E}` & EventName]
  : EventPayload & Record<string, unknown>;

/**
 * MODEL_USED as elizaOS 1.x's model plugins emit it (`tokens: { prompt,
 * completion, total }`, the prompt itself). The runtime completes it into a
 * ModelEventPayload before handlers see it (foreign-model-usage.ts).
 */
export interface ElizaOSModelUsedPayload {
  provider: string;
  type: string;
  prompt?: string;
  /** A count the provider did not report may be left out (the runtime derives or omits it). */
  tokens?: { prompt?: number; completion?: number; total?: number };
  source?: string;
  [key: string]: unknown;
}

/**
 * What `emitEvent` takes for an event: its payload without the runtime, for
 * MODEL_USED elizaOS's shape too, and for a plugin's own event any object
 * (declared payload interfaces have no index signature).
 */
export type EmittedPayloadOf<E extends string> = (`${E}` extends 'MODEL_USED'
  ? Omit<ModelEventPayload, 'runtime'> | ElizaOSModelUsedPayload
  : `${E}` extends EventName
    ? Omit<EventPayloadMap[`${E}` & EventName], 'runtime'>
    : Omit<EventPayload, 'runtime'> | (Omit<EventPayload, 'runtime'> & Record<string, unknown>)) & {
  runtime?: IAgentRuntime;
};

/** A handler of a plugin's own event with the payload type the plugin names (`registerEvent<MyPayload>(...)`). */
export type CustomEventHandler<P extends EventPayload = EventPayload> = (payload: P) => Promise<void> | void;

export type EventHandler<E extends string = EventName> = (payload: PayloadOf<E>) => Promise<void> | void;

/** A plugin's event handlers. Custom event names are allowed. */
export type PluginEvents = { [E in EventName]?: EventHandler<E>[] } & {
  // `never` parameter: any handler function is assignable, whatever payload it declares.
  [event: string]: ((payload: never) => Promise<void> | void)[] | undefined;
};

/** elizaOS's name for the runtime's event table: a plugin's events, any name allowed. */
export type RuntimeEventStorage = PluginEvents & {
  [key: string]: ((params: unknown) => Promise<void>)[] | undefined;
};
