// elizaOS 1.7 names: buffers, environment, data paths, log listeners, constants, BM25, JSON and server-health helpers.
export {
  BufferUtils,
  alloc,
  byteLength,
  concat,
  equals,
  fromBytes,
  fromHex,
  fromString,
  isBuffer,
  randomBytes,
  slice,
  toHex,
  toString,
  type BufferLike,
  type BufferLike as Buffer,
} from './buffers/buffer-utils';
export {
  Environment,
  currentRuntime,
  detectEnvironment,
  getBooleanEnv,
  getEnv,
  getEnvironment,
  getNumberEnv,
  hasEnv,
  initBrowserEnvironment,
  isBrowser,
  isNode,
  resetEnvironmentCache,
  setEnv,
  type EnvironmentConfig,
  type RuntimeEnvironment,
} from './environment/environment';
export {
  findAllEnvFiles,
  findEnvFile,
  loadEnvFile,
  loadEnvFilesWithPrecedence,
  type LoadEnvOptions,
} from './environment/env-files';
export { getAllowedEnvVars, setAllowedEnvVars } from './environment/allowed-env-vars';
export {
  getAllElizaPaths,
  getCharactersDir,
  getDataDir,
  getDatabaseDir,
  getElizaPaths,
  getUploadsAgentsDir,
  getUploadsChannelsDir,
  resetPaths,
  type ElizaPathsConfig,
} from './paths/eliza-paths';
export {
  __loggerTestHooks,
  addLogListener,
  customLevels,
  recentLogs,
  removeLogListener,
  type LogEntry,
  type LogListener,
} from './logging/log-listeners';
export { AgentStatus } from './constants/agent-status';
export { MESSAGE_STREAM_EVENT, type MessageStreamEventName } from './constants/message-stream-event';
export { MODEL_SETTINGS, type ModelSettingName } from './constants/model-settings';
export { PlatformPrefix } from './constants/platform-prefix';
export { SOCKET_MESSAGE_TYPE } from './constants/socket-message-type';
export { TEEMode, TeeType } from './constants/tee-mode';
export { BM25, type BM25Options, type SearchResult } from './search/bm25';
export { normalizeJsonString } from './json/normalize-json-string';
export { safeReplacer } from './json/safe-replacer';
export { prewarmUuidCache } from './uuid/prewarm-uuid-cache';
export { pingServer, waitForServerReady, type ServerHealthOptions } from './server-health/server-health';
