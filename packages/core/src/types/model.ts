import type { StreamChunkCallback } from './components';
import type { UUID } from './primitives';
import type { IAgentRuntime } from './runtime';

export const ModelType = {
  SMALL: 'TEXT_SMALL',
  MEDIUM: 'TEXT_LARGE',
  LARGE: 'TEXT_LARGE',
  TEXT_SMALL: 'TEXT_SMALL',
  TEXT_LARGE: 'TEXT_LARGE',
  TEXT_COMPLETION: 'TEXT_COMPLETION',
  TEXT_EMBEDDING: 'TEXT_EMBEDDING',
  TEXT_TOKENIZER_ENCODE: 'TEXT_TOKENIZER_ENCODE',
  TEXT_TOKENIZER_DECODE: 'TEXT_TOKENIZER_DECODE',
  TEXT_REASONING_SMALL: 'REASONING_SMALL',
  TEXT_REASONING_LARGE: 'REASONING_LARGE',
  IMAGE: 'IMAGE',
  IMAGE_DESCRIPTION: 'IMAGE_DESCRIPTION',
  TRANSCRIPTION: 'TRANSCRIPTION',
  TEXT_TO_SPEECH: 'TEXT_TO_SPEECH',
  AUDIO: 'AUDIO',
  VIDEO: 'VIDEO',
  OBJECT_SMALL: 'OBJECT_SMALL',
  OBJECT_LARGE: 'OBJECT_LARGE',
} as const;

export type ModelTypeName = (typeof ModelType)[keyof typeof ModelType];

/** The model types that generate text from GenerateTextParams. */
export type TextGenerationModelType =
  | typeof ModelType.TEXT_SMALL
  | typeof ModelType.TEXT_LARGE
  | typeof ModelType.TEXT_REASONING_SMALL
  | typeof ModelType.TEXT_REASONING_LARGE
  | typeof ModelType.TEXT_COMPLETION;

/** The model types whose handlers may stream (return a TextStreamResult). */
export type StreamableModelType = TextGenerationModelType;

export interface TokenUsage {
  /** Input tokens, cached ones included (OpenAI's prompt_tokens). */
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /**
   * The part of `promptTokens` the provider read from its prompt cache
   * (billed at a lower price). Absent when the provider did not say.
   */
  cachedInputTokens?: number;
  /** Input tokens the provider wrote to its prompt cache, when it says (billed at a higher price by some). */
  cacheCreationInputTokens?: number;
}

/**
 * What a model call is for. The pipeline's call sites set it, so a model
 * plugin never has to read the rendered prompt to learn what is asked
 * (a character may reword every template). Plugins may use their own names.
 */
export type ModelCallPurpose =
  | 'shouldRespond'
  | 'messageHandler'
  | 'reflection'
  | 'evaluation'
  | 'extractParameters'
  | 'post'
  | 'imageDescription'
  | 'imageGeneration';

/** The message a model call is about, as the pipeline received it. */
export interface ModelCallMessage {
  id?: UUID;
  entityId?: UUID;
  roomId?: UUID;
  /** The message text as sent, without the prompt around it. */
  text: string;
  /** The sender's name as the prompt shows it. */
  senderName?: string;
}

/**
 * Structured facts about a model call, passed beside its prompt. Every field
 * is optional: handlers that do not know them (elizaOS plugins) ignore them,
 * and callers that do not set them (other plugins) still work.
 */
export interface ModelCallHints {
  purpose?: ModelCallPurpose | (string & {});
  /** The room the call serves: a key for provider prompt caches and per-conversation state. */
  roomId?: UUID;
  /** The message being answered (should-respond, message handler) or reflected on. */
  message?: ModelCallMessage;
}

export interface GenerateTextParams {
  prompt: string;
  system?: string;
  temperature?: number;
  maxTokens?: number;
  stopSequences?: string[];
  frequencyPenalty?: number;
  presencePenalty?: number;
  // Sampling options elizaOS 1.7 names; handlers that know them pass them on.
  minTokens?: number;
  topP?: number;
  topK?: number;
  minP?: number;
  seed?: number;
  repetitionPenalty?: number;
  /** The end user, for the provider's abuse monitoring. */
  user?: string | null;
  stream?: boolean;
  onStreamChunk?: StreamChunkCallback;
  /** Set by a handler that knows its token usage; the runtime reports it in MODEL_USED. */
  usage?: TokenUsage;
  /** What the call is for; see ModelCallHints. */
  hints?: ModelCallHints;
  [key: string]: unknown;
}

/** One chunk of a text stream. */
export interface TextStreamChunk {
  text: string;
  /** True on the last chunk. */
  done: boolean;
}

/**
 * What a streaming text handler returns (elizaOS's shape): the chunks as they
 * come, then the whole text, its usage and why it stopped.
 */
export interface TextStreamResult {
  textStream: AsyncIterable<string>;
  text: Promise<string>;
  usage: Promise<TokenUsage | undefined>;
  finishReason: Promise<string | undefined>;
}

/** GenerateTextParams' declared fields: `Omit` over its index signature would keep the index signature only. */
type GenerateTextFields = {
  [K in keyof GenerateTextParams as string extends K ? never : K]: GenerateTextParams[K];
};

/** `runtime.generateText` options: the model params, plus whether to put the character first and which model. */
export interface GenerateTextOptions extends Omit<GenerateTextFields, 'prompt'> {
  /** Put the character's bio, system prompt and style before the input (default true). */
  includeCharacter?: boolean;
  /** Default TEXT_LARGE. */
  modelType?: TextGenerationModelType;
  [key: string]: unknown;
}

export interface GenerateTextResult {
  text: string;
}

export interface TextEmbeddingParams {
  text: string;
}

/** Batch form: handlers that accept it return one vector per input. */
export interface TextEmbeddingBatchParams {
  texts: string[];
}

export interface ObjectGenerationParams {
  prompt: string;
  schema?: Record<string, unknown>;
  output?: 'object' | 'array' | 'enum';
  enumValues?: string[];
  /** The model type the call is made with (elizaOS's handlers read it to pick a model). */
  modelType?: ModelTypeName;
  temperature?: number;
  maxTokens?: number;
  stopSequences?: string[];
  hints?: ModelCallHints;
  [key: string]: unknown;
}

export interface ImageGenerationParams {
  prompt: string;
  size?: string;
  count?: number;
  hints?: ModelCallHints;
}

export interface ImageDescriptionParams {
  imageUrl: string;
  prompt?: string;
  hints?: ModelCallHints;
}

export interface ImageDescriptionResult {
  title: string;
  description: string;
}

export interface TranscriptionParams {
  /** URL or path of the audio. */
  audioUrl: string;
  prompt?: string;
}

export interface TextToSpeechParams {
  text: string;
  voice?: string;
  speed?: number;
}

export interface AudioProcessingParams {
  audioUrl: string;
  processingType: string;
}

export interface VideoProcessingParams {
  videoUrl: string;
  processingType: string;
}

/** A JSON schema as object-generation params carry it (loosely typed, as elizaOS has it). */
export type JSONSchema = {
  type: string;
  properties?: Record<string, JSONSchema | { type: string }>;
  required?: string[];
  items?: JSONSchema;
  [key: string]: unknown;
};

export interface TokenizeTextParams {
  prompt: string;
  modelType?: ModelTypeName;
}

export interface DetokenizeTextParams {
  tokens: number[];
  modelType?: ModelTypeName;
}

/** Parameter type of each model type. */
export interface ModelParamsMap {
  TEXT_SMALL: GenerateTextParams;
  TEXT_LARGE: GenerateTextParams;
  TEXT_COMPLETION: GenerateTextParams;
  REASONING_SMALL: GenerateTextParams;
  REASONING_LARGE: GenerateTextParams;
  TEXT_EMBEDDING: TextEmbeddingParams | TextEmbeddingBatchParams | string | null;
  TEXT_TOKENIZER_ENCODE: TokenizeTextParams;
  TEXT_TOKENIZER_DECODE: DetokenizeTextParams;
  IMAGE: ImageGenerationParams;
  IMAGE_DESCRIPTION: ImageDescriptionParams | string;
  /** Params, the audio itself (a Buffer is a Uint8Array), or its URL. */
  TRANSCRIPTION: TranscriptionParams | Uint8Array | Record<string, unknown> | string;
  TEXT_TO_SPEECH: TextToSpeechParams | Record<string, unknown> | string;
  AUDIO: AudioProcessingParams | Record<string, unknown>;
  VIDEO: VideoProcessingParams | Record<string, unknown>;
  OBJECT_SMALL: ObjectGenerationParams;
  OBJECT_LARGE: ObjectGenerationParams;
}

/** Result type of each model type. */
export interface ModelResultMap {
  TEXT_SMALL: string;
  TEXT_LARGE: string;
  TEXT_COMPLETION: string;
  REASONING_SMALL: string;
  REASONING_LARGE: string;
  /** One vector; a call with TextEmbeddingBatchParams returns one per text (see ModelResult). */
  TEXT_EMBEDDING: number[];
  TEXT_TOKENIZER_ENCODE: number[];
  TEXT_TOKENIZER_DECODE: string;
  IMAGE: { url: string }[];
  IMAGE_DESCRIPTION: ImageDescriptionResult | string;
  TRANSCRIPTION: string;
  TEXT_TO_SPEECH: unknown;
  AUDIO: unknown;
  VIDEO: unknown;
  OBJECT_SMALL: Record<string, unknown>;
  OBJECT_LARGE: Record<string, unknown>;
}

/** What `useModel(modelType, params)` resolves to: ModelResultMap's type, or a vector per text for a batch embedding. */
export type ModelResult<T extends ModelTypeName, P> = P extends TextEmbeddingBatchParams
  ? number[][]
  : ModelResultMap[T];

/** What a plugin's handler for `K` may return: the result, or a stream for the text types. */
export type PluginModelResult<K extends keyof ModelResultMap> = K extends StreamableModelType
  ? ModelResultMap[K] | TextStreamResult
  : ModelResultMap[K];

export type ModelHandlerFn<P = unknown, R = unknown> = (runtime: IAgentRuntime, params: P) => Promise<R>;

export interface ModelHandler {
  handler: ModelHandlerFn<never, unknown>;
  provider: string;
  priority: number;
  registrationOrder: number;
}

/** Default embedding dimension of the offline embedder. */
export const VECTOR_DIMS = {
  SMALL: 384,
  MEDIUM: 512,
  LARGE: 768,
  XL: 1024,
  XXL: 1536,
  XXXL: 3072,
} as const;
