export { ChatSession, ChatTurnError, CHAT_TURN_FAILED, type ChatSessionOptions, type ChatReply } from './chat-session';
export { runChatLoop, type ChatLoopOptions, type LineChatSession } from './chat-loop';
export { runTerminalChat, type TerminalChatOptions } from './terminal-chat';
