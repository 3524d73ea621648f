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
  content?: Content;
  result?: ActionResult;
  durationMs?: number;
}

export interface EvaluatorEventPayload extends EventPayload {
  evaluatorName: string;
  roomId?: UUID;
  runId?: UUID;
  messageId?: UUID;
  error?: string;
  durationMs?: number;
}

export interface ModelEventPayload extends EventPayload {
  type: string;
  provider: string;
  runId?: UUID;
  promptChars: number;
  durationMs: number;
  tokens?: TokenUsage;
  success: boolean;
  error?: string;
}

export interface EmbeddingGenerationPayload extends EventPayload {
  memory: Memory;
  priority?: 'high' | 'normal' | 'low';
  error?: string;
}

export interface PostGeneratedPayload extends EventPayload {
  roomId: UUID;
  worldId?: UUID;
  userId?: UUID;
  callback?: HandlerCallback;
}

export interface ControlMessagePayload extends EventPayload {
  message: { type: string; payload: Metadata; roomId: UUID };
}

/** The payload type of every event the runtime knows. */
export interface EventPayloadMap {
  [EventType.WORLD_JOINED]: WorldPayload;
  [EventType.WORLD_CONNECTED]: WorldPayload;
  [EventType.WORLD_LEFT]: WorldPayload;
  [EventType.ENTITY_JOINED]: EntityPayload;
  [EventType.ENTITY_LEFT]: EntityPayload;
  [EventType.ENTITY_UPDATED]: EntityPayload;
  [EventType.ROOM_JOINED]: EventPayload & { room: Room };
  [EventType.ROOM_LEFT]: EventPayload & { room: Room };
  [EventType.MESSAGE_RECEIVED]: MessagePayload;
  [EventType.MESSAGE_SENT]: MessagePayload;
  [EventType.MESSAGE_DELETED]: MessagePayload;
  [EventType.CHANNEL_CLEARED]: ChannelClearedPayload;
  [EventType.VOICE_MESSAGE_RECEIVED]: MessagePayload;
  [EventType.VOICE_MESSAGE_SENT]: MessagePayload;
  [EventType.REACTION_RECEIVED]: MessagePayload;
  [EventType.POST_GENERATED]: PostGeneratedPayload;
  [EventType.INTERACTION_RECEIVED]: MessagePayload;
  [EventType.RUN_STARTED]: RunEventPayload;
  [EventType.RUN_ENDED]: RunEventPayload;
  [EventType.RUN_TIMEOUT]: RunEventPayload;
  [EventType.ACTION_STARTED]: ActionEventPayload;
  [EventType.ACTION_COMPLETED]: ActionEventPayload;
  [EventType.EVALUATOR_STARTED]: EvaluatorEventPayload;
  [EventType.EVALUATOR_COMPLETED]: EvaluatorEventPayload;
  [EventType.MODEL_USED]: ModelEventPayload;
  [EventType.EMBEDDING_GENERATION_REQUESTED]: EmbeddingGenerationPayload;
  [EventType.EMBEDDING_GENERATION_COMPLETED]: EmbeddingGenerationPayload;
  [EventType.EMBEDDING_GENERATION_FAILED]: EmbeddingGenerationPayload;
  [EventType.CONTROL_MESSAGE]: ControlMessagePayload;
}

export type EventName = keyof EventPayloadMap;

/** Payload of a known event; plugin-defined events carry any object. */
export type PayloadOf<E extends string> = E extends EventName ? EventPayloadMap[E] : EventPayload & Record<string, unknown>;

export type EventHandler<E extends string = EventName> = (payload: PayloadOf<E>) => Promise<void> | void;

/** A plugin's event handlers. Custom event names are allowed. */
export type PluginEvents = { [E in EventName]?: EventHandler<E>[] } & {
  // `never` parameter: any handler function is assignable, whatever payload it declares.
  [event: string]: ((payload: never) => Promise<void> | void)[] | undefined;
};
