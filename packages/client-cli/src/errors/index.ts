export { ClientCliErrorCode, type ClientCliErrorCodeName } from './client-cli-error-codes';
export { ChatTurnError } from './chat-turn-error';
