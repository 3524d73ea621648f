import type { Memory } from './memory';
import type { Content, JsonValue } from './primitives';
import type { IAgentRuntime } from './runtime';
import type { ActionPlan, ProviderDataRecord, ProviderResult, ProviderValue, State } from './state';

/** One turn of an example conversation. */
export interface ActionExample {
  name: string;
  content: Content;
}

/** Sends a message to the user; the second argument names the action that produced it. */
export type HandlerCallback = (response: Content, actionName?: string) => Promise<Memory[]>;

/** Streams a chunk of text to the client while a model or action works. */
export type StreamChunkCallback = (chunk: string, messageId?: string) => Promise<void> | void;

export interface ActionContext {
  previousResults: ActionResult[];
  getPreviousResult?: (actionName: string) => ActionResult | undefined;
}

export interface HandlerOptions {
  /** Validated action parameters (defaults applied). */
  parameters?: Record<string, unknown>;
  actionContext?: ActionContext;
  /** The plan of a multi-step turn, and this step's place in it. */
  actionPlan?: ActionPlan;
  onStreamChunk?: StreamChunkCallback;
  [key: string]: unknown;
}

export interface ActionResult {
  success: boolean;
  text?: string;
  values?: Record<string, ProviderValue>;
  data?: ProviderDataRecord;
  error?: string | Error;
  continueChain?: boolean;
  cleanup?: () => void | Promise<void>;
}

/**
 * Action handler. Older plugins return a boolean or nothing; the runtime
 * normalises both to an ActionResult.
 */
export type Handler = (
  runtime: IAgentRuntime,
  message: Memory,
  state?: State,
  options?: HandlerOptions,
  callback?: HandlerCallback,
  responses?: Memory[],
) => Promise<ActionResult | boolean | void | undefined | unknown>;

export type Validator = (runtime: IAgentRuntime, message: Memory, state?: State) => Promise<boolean>;

export type ActionParameterExampleValue = JsonValue;

export interface ActionParameterSchema {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  description?: string;
  default?: JsonValue | null;
  enum?: string[];
  enumValues?: string[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
  properties?: Record<string, ActionParameterSchema>;
  required?: string[];
  items?: ActionParameterSchema;
}

export interface ActionParameter {
  name: string;
  description: string;
  required?: boolean;
  schema: ActionParameterSchema;
  examples?: ActionParameterExampleValue[];
}

/** Something the agent can do. */
export interface Action {
  name: string;
  description: string;
  handler: Handler;
  validate: Validator;
  similes?: string[];
  examples?: ActionExample[][];
  /** Higher comes earlier in prompts. */
  priority?: number;
  tags?: string[];
  parameters?: ActionParameter[];
}

/** Supplies context to the prompt. */
export interface Provider {
  name: string;
  description?: string;
  /** Runs only when asked for by name. */
  dynamic?: boolean;
  /** Lower comes first. */
  position?: number;
  /** Never included unless asked for by name. */
  private?: boolean;
  get: (runtime: IAgentRuntime, message: Memory, state: State) => Promise<ProviderResult>;
}

export interface EvaluationExample {
  prompt: string;
  messages: ActionExample[];
  outcome: string;
}

/** Runs after a turn: reflection, fact extraction, ... */
export interface Evaluator {
  name: string;
  description: string;
  similes?: string[];
  examples: EvaluationExample[];
  /** Runs even when the agent did not respond. */
  alwaysRun?: boolean;
  validate: Validator;
  handler: Handler;
}
