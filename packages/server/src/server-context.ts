import type { Logger, MessageBus } from '@kith/core';
import type { AgentRegistry } from './agents/agent-registry';
import type { ChannelService } from './channels/channel-service';
import type { MetricsRecorder } from './metrics/metrics-recorder';
import type { ResolvedServerSettings } from './server-options';

/** What the route modules share. */
export interface ServerContext {
  agents: AgentRegistry;
  bus: MessageBus;
  channels: ChannelService;
  settings: ResolvedServerSettings;
  /** Timings of the HTTP routes themselves (`http:<METHOD> <route>`). */
  httpMetrics: MetricsRecorder;
  startedAt: number;
  logger: Logger;
}
