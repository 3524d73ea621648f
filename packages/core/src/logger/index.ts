export {
  createLogger,
  logger,
  elizaLogger,
  type Logger,
  type LogFn,
  type ElizaLogFn,
  type CreateLoggerOptions,
  type LoggerBindings,
} from './logger';
export { logPrompt, logChat, getLogFileDir, type LogPromptParams, type LogChatParams } from './file-logs';
