import type { Logger, MessageBus } from '@kith/core';
import type { AgentRegistry } from './agents/agent-registry';
import type { StudioAgents } from './agents/studio-agents';
import type { ChannelService } from './channels/channel-service';
import type { KithMetrics } from './metrics/kith-metrics';
import type { MetricsRecorder } from './metrics/metrics-recorder';
import type { ResolvedServerSettings } from './server-options';
import type { SessionSettings } from './auth/session-settings';
import type { SessionTokens } from './auth/session-tokens';

/** What the route modules share. */
export interface ServerContext {
  agents: AgentRegistry;
  bus: MessageBus;
  channels: ChannelService;
  settings: ResolvedServerSettings;
  /** Timings of the HTTP routes themselves (`http:<METHOD> <route>`). */
  httpMetrics: MetricsRecorder;
  /** The Prometheus and OpenTelemetry metrics (GET /metrics). */
  telemetry: KithMetrics;
  startedAt: number;
  logger: Logger;
  /** End-user sessions: their settings and the tokens that carry them. */
  sessions: { settings: SessionSettings; tokens: SessionTokens };
  /** Agents made at run time; undefined without an agent factory (POST /api/agents then answers 409). */
  studio?: StudioAgents;
}
