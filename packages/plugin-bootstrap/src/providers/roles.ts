import { Role, type Provider, type UUID } from '@kith/core';
import { entityNames } from '../helpers/resolve-entity';
import { worldOf } from '../helpers/turn-lookups';
import { roleIn } from '../helpers/world-roles';

/** Owners and admins of the room's world (from world.metadata.roles and ownership). */
export const rolesProvider: Provider = {
  name: 'ROLES',
  description: 'Owners and admins of this world',
  dynamic: true,
  position: -36,
  get: async (runtime, message) => {
    const world = await worldOf(runtime, message);
    if (!world) return { values: { roles: '' } };
    const ids = new Set<string>(Object.keys(world.metadata?.roles ?? {}));
    const owner = world.metadata?.ownership?.ownerId;
    if (owner) ids.add(owner);
    const ranked = [...ids].map((id) => ({ id, role: roleIn(world, id) })).filter((r) => r.role !== Role.NONE);
    if (ranked.length === 0) return { values: { roles: '' }, data: { roles: {} } };
    const entities = (await runtime.getEntitiesByIds([...ranked.map((r) => r.id as UUID), message.entityId])) ?? [];
    const nameOf = (id: string) =>
      entityNames(entities.find((e) => e.id === id) ?? { names: [], agentId: runtime.agentId })[0] ?? id;
    const group = (role: Role) => ranked.filter((r) => r.role === role).map((r) => `${nameOf(r.id)} [${r.id}]`);
    const lines = [
      `# Roles in ${world.name ?? 'this world'}`,
      group(Role.OWNER).length ? `Owners: ${group(Role.OWNER).join(', ')}` : '',
      group(Role.ADMIN).length ? `Admins: ${group(Role.ADMIN).join(', ')}` : '',
      `${nameOf(message.entityId)} (sender) is ${roleIn(world, message.entityId)}`,
    ].filter(Boolean);
    const text = lines.join('\n');
    return {
      text,
      values: { roles: text, senderRole: roleIn(world, message.entityId) },
      data: { roles: Object.fromEntries(ranked.map((r) => [r.id, r.role])) },
    };
  },
};
