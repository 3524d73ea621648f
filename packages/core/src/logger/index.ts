export { createLogger, logger, elizaLogger, type Logger, type CreateLoggerOptions } from './logger';
export { logPrompt, logChat, getLogFileDir, type LogPromptParams, type LogChatParams } from './file-logs';
