import {
  AgentNotFoundError,
  type IAgentRuntime,
  PluginDependencyMissingError,
  PluginInitError,
  ServiceType,
  type UUID,
} from '@kith/core';
import type { MessageBus } from '../bus/message-bus';
import { MessageBusService } from '../bus/message-bus-service';
import type { RunRecorderOptions } from '../runs/run-recorder';
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
  async add(runtime: IAgentRuntime): Promise<ManagedAgent> {
    const existing = this.agents.get(runtime.agentId);
    if (existing) throw new AgentAlreadyRegisteredError(runtime.agentId, existing.name);
    await ensureInitialized(runtime);
    if (!runtime.messageService) throw new PluginDependencyMissingError('@kith/server', '@kith/plugin-bootstrap');
    await runtime.registerService(MessageBusService.bindTo(this.bus));
    const service = runtime
      .getServicesByType(ServiceType.MESSAGE_BUS)
      .find((candidate): candidate is MessageBusService => candidate instanceof MessageBusService && candidate.bus === this.bus);
    if (!service) throw new PluginInitError('@kith/server', `the message bus service of agent "${runtime.character.name}" did not start (the log says why)`);
    const agent = new ManagedAgent(runtime, service, this.runOptions);
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
