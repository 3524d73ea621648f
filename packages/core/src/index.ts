// @kith/core: the plugin API, the runtime and its helpers.
export * from './types';
export * from './errors';
export * from './uuid/uuid';
export * from './parsing';
export * from './prompts';
export {
  createLogger,
  logger,
  elizaLogger,
  logPrompt,
  logChat,
  getLogFileDir,
  type Logger,
  type CreateLoggerOptions,
  type LoggerBindings,
  type LogFn,
  type ElizaLogFn,
  type LogPromptParams,
  type LogChatParams,
} from './logger';
export { Service, ServiceType, type ServiceTypeName, type ServiceTypeRegistry } from './services/service';
export * from './settings';
export * from './maps';
export * from './text';
export * from './formatting';
export * from './lookups';
export * from './crypto';
export * from './character';
export * from './memory';
export * from './world';
export * from './utils';
export * from './runtime';
export * from './batch-queue';
export * from './ledger';
export * from './compat';
export * from './define';
