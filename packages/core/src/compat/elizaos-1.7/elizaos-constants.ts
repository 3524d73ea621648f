// elizaOS 1.7's constant names, with its values, for plugins that import them (plugin-evm reads TEEMode).

export enum TEEMode {
  OFF = 'OFF',
  LOCAL = 'LOCAL',
  DOCKER = 'DOCKER',
  PRODUCTION = 'PRODUCTION',
}

export enum TeeType {
  TDX_DSTACK = 'tdx_dstack',
}

export enum AgentStatus {
  ACTIVE = 'active',
  INACTIVE = 'inactive',
}

export enum PlatformPrefix {
  DISCORD = 'DISCORD',
  TELEGRAM = 'TELEGRAM',
  TWITTER = 'TWITTER',
}

/** elizaOS's WebSocket frame types (Kith's WebSocket protocol is its own: docs/api.md). */
export enum SOCKET_MESSAGE_TYPE {
  ROOM_JOINING = 1,
  SEND_MESSAGE = 2,
  MESSAGE = 3,
  ACK = 4,
  THINKING = 5,
  CONTROL = 6,
}

export const MESSAGE_STREAM_EVENT = {
  messageStreamChunk: 'messageStreamChunk',
  messageStreamError: 'messageStreamError',
  messageBroadcast: 'messageBroadcast',
} as const;

const SETTING_SUFFIXES = [
  'MAX_TOKENS',
  'TEMPERATURE',
  'TOP_P',
  'TOP_K',
  'MIN_P',
  'SEED',
  'REPETITION_PENALTY',
  'FREQUENCY_PENALTY',
  'PRESENCE_PENALTY',
];
const SETTING_SCOPES = [
  'DEFAULT',
  'TEXT_SMALL',
  'TEXT_LARGE',
  'OBJECT_SMALL',
  'OBJECT_LARGE',
  'TEXT_REASONING_SMALL',
  'TEXT_REASONING_LARGE',
  'TEXT_COMPLETION',
];

/** The names of elizaOS's model settings (each name is its own value): DEFAULT_TEMPERATURE, TEXT_LARGE_MAX_TOKENS, ... */
export const MODEL_SETTINGS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(
    [
      ...SETTING_SCOPES.flatMap((scope) => SETTING_SUFFIXES.map((suffix) => `${scope}_${suffix}`)),
      'MODEL_MAX_TOKEN',
      'MODEL_TEMPERATURE',
      'MODEL_FREQ_PENALTY',
      'MODEL_PRESENCE_PENALTY',
    ].map((name) => [name, name]),
  ),
);

/** Kith runs on Node.js only. */
export const isNode = true;
export const isBrowser = false;
export const currentRuntime = 'node';
