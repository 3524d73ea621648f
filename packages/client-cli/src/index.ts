export { ChatSession, ChatTurnError, CHAT_TURN_FAILED, type ChatSessionOptions, type ChatReply } from './chat-session';
export { runTerminalChat, type TerminalChatOptions } from './terminal-chat';
