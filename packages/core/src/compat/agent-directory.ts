import type { IAgentRuntime } from '../types/runtime';
import type { UUID } from '../types/primitives';

/**
 * The agents of this process by id, for `runtime.elizaOS.getAgent(id)`.
 * Held weakly: a runtime nobody references any more drops out by itself.
 */
const agents = new Map<string, WeakRef<IAgentRuntime>>();

export function registerAgent(runtime: IAgentRuntime): void {
  agents.set(runtime.agentId, new WeakRef(runtime));
}

export function unregisterAgent(runtime: IAgentRuntime): void {
  if (agents.get(runtime.agentId)?.deref() === runtime) agents.delete(runtime.agentId);
}

export function findAgent(agentId: UUID): IAgentRuntime | undefined {
  const runtime = agents.get(agentId)?.deref();
  if (!runtime) agents.delete(agentId);
  return runtime;
}

export function listAgents(): IAgentRuntime[] {
  const live: IAgentRuntime[] = [];
  for (const [id, ref] of agents) {
    const runtime = ref.deref();
    if (runtime) live.push(runtime);
    else agents.delete(id);
  }
  return live;
}
