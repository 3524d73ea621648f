import type { World } from '../types/environment';
import type { IAgentRuntime } from '../types/runtime';

/** The worlds whose metadata.ownership.ownerId is `entityId`; null when none (elizaOS returns null, not []). */
export async function findWorldsForOwner(
  runtime: Pick<IAgentRuntime, 'getAllWorlds'>,
  entityId: string,
): Promise<World[] | null> {
  if (!entityId) return null;
  const worlds = await runtime.getAllWorlds();
  const owned = (worlds ?? []).filter((world) => world.metadata?.ownership?.ownerId === entityId);
  return owned.length > 0 ? owned : null;
}
