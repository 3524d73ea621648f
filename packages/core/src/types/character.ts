import type { Content, UUID } from './primitives';

export interface MessageExample {
  name: string;
  content: Content;
}

export type TemplateType = string | ((options: { state: Record<string, unknown> }) => string);

export interface CharacterSettings {
  secrets?: Record<string, string | boolean | number>;
  [key: string]: unknown;
}

/** Settings as string key-value pairs (elizaOS's `RuntimeSettings`, e.g. a loaded .env). */
export interface RuntimeSettings {
  [key: string]: string | undefined;
}

/** The character file: who the agent is and which plugins it runs. */
export interface Character {
  id?: UUID;
  name: string;
  username?: string;
  system?: string;
  templates?: Record<string, TemplateType>;
  bio: string | string[];
  messageExamples?: MessageExample[][];
  postExamples?: string[];
  topics?: string[];
  adjectives?: string[];
  knowledge?: (string | { path: string; shared?: boolean } | { directory: string; shared?: boolean })[];
  plugins?: string[];
  settings?: CharacterSettings;
  secrets?: Record<string, string | boolean | number>;
  style?: { all?: string[]; chat?: string[]; post?: string[] };
}

/** A character as stored in the agents table. */
export interface Agent extends Character {
  id: UUID;
  enabled?: boolean;
  status?: 'active' | 'inactive';
  createdAt: number;
  updatedAt: number;
}
