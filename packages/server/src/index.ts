// @kith/server: REST + WebSocket client adapter for Kith agents.
export { createServer, type KithServer, type ListenOptions } from './create-server';
export {
  type KithServerOptions,
  type RateLimitSettings,
  DEFAULT_BODY_LIMIT,
  DEFAULT_RATE_LIMIT,
} from './server-options';
// The message bus moved to @kith/core (every client hands messages to it); re-exported for existing imports.
export {
  MessageBus,
  type AgentInbox,
  MessageBusService,
  type BusMessage,
  type BusEvent,
  type DeliveryResult,
  DEFAULT_SERVER_ID,
  defaultEntityId,
  defaultRoomId,
  agentMemoryId,
} from '@kith/core';
export { apiKeyMatches } from './auth/api-key';
export type { SessionOptions } from './auth/session-settings';
export type { RouteAccess } from './auth/route-access';
export { WEB_CHAT_DIR } from './web/web-chat-dir';
export type { ClientFrame, ServerFrame, FrameError } from './ws/ws-protocol';
export type { RunRecord, RunSummary, RunTimelineEvent, RunTotals } from './runs/run-record';
export type { OperationSummary } from './metrics/operation-stats';
export { KithMetrics, KITH_METRICS, type AgentLabels } from './metrics/kith-metrics';
export {
  MetricRegistry,
  renderPrometheus,
  prometheusName,
  type MetricDefinition,
  type MetricKind,
  type MetricSink,
  type Labels,
} from './metrics/metric-registry';
export type { HealthCheckResult } from './health/health-checks';
export type { MemoryView, RoomView } from './http/memory-view';
export type { ErrorBody } from './http/error-reply';
export * from './errors';
export type { AgentSummary, AgentDetail } from './agents/agent-view';
export type { AgentFactory, AgentSource } from './agents/agent-factory';
