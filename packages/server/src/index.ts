// @kith/server: REST + WebSocket client adapter for Kith agents.
export { createServer, type KithServer, type ListenOptions } from './create-server';
export { type KithServerOptions, type RateLimitSettings, DEFAULT_BODY_LIMIT, DEFAULT_RATE_LIMIT } from './server-options';
export { MessageBus, type AgentInbox } from './bus/message-bus';
export { MessageBusService } from './bus/message-bus-service';
export type { BusMessage, BusEvent, DeliveryResult } from './bus/bus-message';
export { DEFAULT_SERVER_ID, defaultEntityId, defaultRoomId } from './bus/default-ids';
export { agentMemoryId } from './bus/to-agent-memory';
export { apiKeyMatches } from './auth/api-key';
export { WEB_CHAT_DIR } from './web/web-chat-dir';
export type { ClientFrame, ServerFrame, FrameError } from './ws/ws-protocol';
export type { RunRecord, RunSummary, RunTimelineEvent, RunTotals } from './runs/run-record';
export type { OperationSummary } from './metrics/operation-stats';
export type { HealthCheckResult } from './health/health-checks';
export type { MemoryView, RoomView } from './http/memory-view';
export type { ErrorBody } from './http/error-reply';
export * from './errors';
export type { AgentSummary, AgentDetail } from './agents/agent-view';
