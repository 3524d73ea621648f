import type { IAgentRuntime, UUID } from '@kith/core';
import type { MessageBusService } from '@kith/core';
import type { KithMetrics } from '../metrics/kith-metrics';
import type { AgentSource } from './agent-factory';
import { MetricsRecorder } from '../metrics/metrics-recorder';
import { observeRuntime } from '../observe/runtime-observers';
import { RunRecorder, type RunRecorderOptions } from '../runs/run-recorder';

export type AgentStatus = 'running' | 'stopped';

/** An agent on the server: its runtime, bus connection, run timelines and metrics. */
export class ManagedAgent {
  readonly runs: RunRecorder;
  readonly metrics = new MetricsRecorder();
  private readonly unobserve: () => void;

  constructor(
    readonly runtime: IAgentRuntime,
    readonly bus: MessageBusService,
    runOptions: RunRecorderOptions = {},
    telemetry?: KithMetrics,
    /** Where it comes from; only studio agents are changed through the API. */
    readonly source: AgentSource = 'file',
  ) {
    this.runs = new RunRecorder(runtime.agentId, runOptions);
    const labels = { agentName: runtime.character.name };
    this.unobserve = observeRuntime(runtime, (event) => {
      this.runs.observe(event);
      this.metrics.observe(event);
      telemetry?.observe(labels, event);
    });
  }

  get id(): UUID {
    return this.runtime.agentId;
  }

  get name(): string {
    return this.runtime.character.name;
  }

  get status(): AgentStatus {
    return this.bus.running ? 'running' : 'stopped';
  }

  start(): void {
    this.bus.resume();
  }

  stop(): void {
    this.bus.pause();
  }

  /** Stops observing the runtime and disconnects it from the bus; `stopRuntime` also stops the runtime. */
  async unload(stopRuntime: boolean): Promise<void> {
    this.unobserve();
    await this.bus.stop();
    if (stopRuntime) await this.runtime.stop();
  }
}
