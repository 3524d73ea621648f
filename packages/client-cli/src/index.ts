export { ChatSession, type ChatSessionOptions, type ChatReply } from './chat-session';
export { ChatTurnError, ClientCliErrorCode, type ClientCliErrorCodeName } from './errors';
export { runChatLoop, type ChatLoopOptions, type LineChatSession } from './chat-loop';
export { runTerminalChat, type TerminalChatOptions } from './terminal-chat';
export { runActionLine, isActionLine, type ActionLineReply } from './run-action-line';
