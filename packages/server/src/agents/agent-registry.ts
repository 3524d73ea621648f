import type { KithMetrics } from '../metrics/kith-metrics';
import {
  AgentNotFoundError,
  type IAgentRuntime,
  type MessageBus,
  MessageBusService,
  PluginDependencyMissingError,
  type UUID,
} from '@kith/core';
import type { RunRecorderOptions } from '../runs/run-recorder';
import type { AgentSource } from './agent-factory';
import { ManagedAgent } from './managed-agent';
import { AgentAlreadyRegisteredError } from '../errors';

/** Initialises a runtime that is not yet (AgentRuntime's initialize() is idempotent, others may not be). */
async function ensureInitialized(runtime: IAgentRuntime): Promise<void> {
  if ((runtime as { isInitialized?: unknown }).isInitialized === true) return;
  await runtime.initialize();
}

/** The agents of one server, by id. */
export class AgentRegistry {
  private readonly agents = new Map<UUID, ManagedAgent>();

  constructor(
    private readonly bus: MessageBus,
    private readonly runOptions: RunRecorderOptions,
    private readonly telemetry?: KithMetrics,
  ) {}

  get all(): ManagedAgent[] {
    return [...this.agents.values()];
  }

  get(agentId: UUID): ManagedAgent | undefined {
    return this.agents.get(agentId);
  }

  /** The agent, or AgentNotFoundError (404). */
  require(agentId: UUID): ManagedAgent {
    const agent = this.agents.get(agentId);
    if (!agent) throw new AgentNotFoundError(agentId);
    return agent;
  }

  /** Initialises the runtime if needed and connects it to the bus with its own MessageBusService. */
  async add(runtime: IAgentRuntime, source: AgentSource = 'file'): Promise<ManagedAgent> {
    const existing = this.agents.get(runtime.agentId);
    if (existing) throw new AgentAlreadyRegisteredError(runtime.agentId, existing.name);
    await ensureInitialized(runtime);
    if (!runtime.messageService) throw new PluginDependencyMissingError('@kith/server', '@kith/plugin-bootstrap');
    const service = await MessageBusService.attach(runtime, this.bus);
    const agent = new ManagedAgent(runtime, service, this.runOptions, this.telemetry, source);
    this.agents.set(runtime.agentId, agent);
    return agent;
  }

  async remove(agentId: UUID, stopRuntime: boolean): Promise<boolean> {
    const agent = this.agents.get(agentId);
    if (!agent) return false;
    this.agents.delete(agentId);
    await agent.unload(stopRuntime);
    return true;
  }
}
