import { Role } from '../types/environment';
import type { IAgentRuntime } from '../types/runtime';
import { createUniqueUuid } from '../uuid/uuid';

const ROLES = new Set<string>(Object.values(Role));

/**
 * An entity's role on a server, from the world's metadata.roles; the world
 * id is createUniqueUuid(runtime, serverId). NONE when the world, the entry
 * or a valid role is missing.
 */
export async function getUserServerRole(
  runtime: Pick<IAgentRuntime, 'agentId' | 'getWorld'>,
  entityId: string,
  serverId: string,
): Promise<Role> {
  const world = await runtime.getWorld(createUniqueUuid(runtime, serverId));
  const role = world?.metadata?.roles?.[entityId];
  return typeof role === 'string' && ROLES.has(role) ? role : Role.NONE;
}
