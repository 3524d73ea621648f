import type { IAgentRuntime } from '../../types/runtime';

/** Creates the agent's row and its own entity on first start; a restart finds both. */
export async function ensureAgentExists(runtime: IAgentRuntime): Promise<void> {
  const { adapter, agentId, character } = runtime;
  const existing = await adapter.getAgent(agentId);
  const now = Date.now();
  if (!existing) {
    await adapter.createAgent({ ...character, id: agentId, enabled: true, createdAt: now, updatedAt: now });
  }
  const [entity] = (await adapter.getEntitiesByIds([agentId])) ?? [];
  if (!entity) {
    const names = [character.name, character.username].filter((n): n is string => Boolean(n));
    await adapter.createEntities([{ id: agentId, names, agentId, metadata: {} }]);
  }
}
