import { Role, type UUID, type World } from '@kith/core';

const ROLES = new Set<string>(Object.values(Role));

/** An entity's role in a world: the owner recorded in metadata.ownership is OWNER even without a roles entry. */
export function roleIn(world: World | null | undefined, entityId: UUID | string): Role {
  if (!world) return Role.NONE;
  if (world.metadata?.ownership?.ownerId === entityId) return Role.OWNER;
  const role = world.metadata?.roles?.[entityId];
  return typeof role === 'string' && ROLES.has(role) ? role : Role.NONE;
}

/**
 * Whether `actor` may give `target` the role `next` (elizaOS rules): nobody
 * changes their own role; an OWNER may change anyone else; an ADMIN may
 * change only people without a role, and never make an OWNER; others nothing.
 */
export function canChangeRole(actor: Role, actorId: string, targetId: string, targetRole: Role, next: Role): boolean {
  if (actorId === targetId) return false;
  if (actor === Role.OWNER) return true;
  if (actor === Role.ADMIN) return next !== Role.OWNER && targetRole === Role.NONE;
  return false;
}
