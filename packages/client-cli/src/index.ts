export { ChatSession, type ChatSessionOptions, type ChatReply } from './chat-session';
export { runTerminalChat, type TerminalChatOptions } from './terminal-chat';
