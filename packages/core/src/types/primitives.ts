/** A UUID string in the 8-4-4-4-12 form. */
export type UUID = `${string}-${string}-${string}-${string}-${string}`;

/** Open-ended metadata bag. */
export type Metadata = Record<string, unknown>;

/** JSON value, used by action parameter schemas and provider values. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export enum ContentType {
  IMAGE = 'image',
  VIDEO = 'video',
  AUDIO = 'audio',
  DOCUMENT = 'document',
  LINK = 'link',
}

/** An attachment on a message. */
export interface Media {
  id: string;
  url: string;
  title?: string;
  source?: string;
  description?: string;
  text?: string;
  contentType?: ContentType | string;
}

export enum ChannelType {
  SELF = 'SELF',
  DM = 'DM',
  GROUP = 'GROUP',
  VOICE_DM = 'VOICE_DM',
  VOICE_GROUP = 'VOICE_GROUP',
  FEED = 'FEED',
  THREAD = 'THREAD',
  WORLD = 'WORLD',
  FORUM = 'FORUM',
  API = 'API',
}

/** How a connector saw the agent addressed (elizaOS's `Content.mentionContext`). */
export interface MentionContext {
  /** A platform mention (@agent on Discord, Telegram, ...). */
  isMention: boolean;
  /** A reply to one of the agent's messages. */
  isReply: boolean;
  /** In a thread with the agent. */
  isThread: boolean;
  mentionType?: 'platform_mention' | 'reply' | 'thread' | 'none';
}

/** The payload of a message: what was said, thought and decided. */
export interface Content {
  thought?: string;
  text?: string;
  actions?: string[];
  providers?: string[];
  source?: string;
  target?: string;
  url?: string;
  inReplyTo?: UUID;
  attachments?: Media[];
  channelType?: ChannelType | string;
  /** How the connector saw the agent addressed, when it says. */
  mentionContext?: MentionContext;
  /** True when the reply is plain text that needs no action processing. */
  simple?: boolean;
  /** Action parameters from the model, keyed by action name. */
  params?: Record<string, Record<string, unknown>>;
  /** The id the streamed reply to this message is sent under. */
  responseMessageId?: UUID;
  [key: string]: unknown;
}
