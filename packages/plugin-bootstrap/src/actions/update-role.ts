import {
  ChannelType,
  Role,
  type Action,
  type ActionResult,
  type IAgentRuntime,
  type Memory,
  type World,
} from '@kith/core';
import { reportOutcome } from '../helpers/report-outcome';
import { resolveEntity } from '../helpers/resolve-entity';
import { channelTypeOf, roomOf, worldOf } from '../helpers/turn-lookups';
import { canChangeRole, roleIn } from '../helpers/world-roles';

const PRIVATE_TYPES = new Set<string>([ChannelType.DM, ChannelType.VOICE_DM, ChannelType.SELF]);

interface UpdateRoleParameters {
  entity: string;
  role: Role;
}

/** Read fresh: the memoised turn copy may predate an earlier action of this turn. */
async function freshWorld(runtime: IAgentRuntime, message: Memory): Promise<World | null> {
  const worldId = (await roomOf(runtime, message))?.worldId;
  return worldId ? runtime.getWorld(worldId) : null;
}

/**
 * Sets a person's role in the room's world (`world.metadata.roles`). Only
 * OWNERs and ADMINs see the action; the permission rules of `canChangeRole`
 * are checked again when it runs.
 */
export const updateRoleAction: Action = {
  name: 'UPDATE_ROLE',
  similes: ['CHANGE_ROLE', 'SET_ROLE', 'MAKE_ADMIN', 'SET_PERMISSIONS', 'ASSIGN_ROLE'],
  description: 'Give a person the OWNER, ADMIN or NONE role in this world (owners and admins only).',
  priority: 20,
  parameters: [
    { name: 'entity', description: 'Name or id of the person', required: true, schema: { type: 'string' } },
    {
      name: 'role',
      description: 'The new role',
      required: true,
      schema: { type: 'string', enum: [Role.OWNER, Role.ADMIN, Role.NONE] },
    },
  ],
  validate: async (runtime, message) => {
    // Roles are about shared rooms (elizaOS offers it in groups only); a DM skips the world read.
    if (PRIVATE_TYPES.has(String(await channelTypeOf(runtime, message)))) return false;
    const role = roleIn(await worldOf(runtime, message), message.entityId);
    return role === Role.OWNER || role === Role.ADMIN;
  },
  handler: async (runtime, message, _state, options, callback, responses): Promise<ActionResult> => {
    const params = options?.parameters as UpdateRoleParameters | undefined;
    const world = await freshWorld(runtime, message);
    if (!params || !world) return { success: false, error: 'UPDATE_ROLE needs a person, a role and a room in a world' };
    const target = await resolveEntity(runtime, message, params.entity);
    if (!target?.id) {
      const text = `I could not find "${params.entity}".`;
      await reportOutcome(callback, responses, 'UPDATE_ROLE', text, false);
      return { success: false, error: text };
    }
    const actorRole = roleIn(world, message.entityId);
    const targetRole = roleIn(world, target.id);
    const name = target.names[0] ?? target.id;
    if (!canChangeRole(actorRole, message.entityId, target.id, targetRole, params.role)) {
      const text = `You cannot make ${name} ${params.role} (your role: ${actorRole}, theirs: ${targetRole}).`;
      runtime.logger.info({ actor: message.entityId, target: target.id, role: params.role }, 'UPDATE_ROLE refused');
      await reportOutcome(callback, responses, 'UPDATE_ROLE', text, false);
      return { success: false, error: text };
    }
    const roles = { ...(world.metadata?.roles ?? {}), [target.id]: params.role };
    await runtime.updateWorld({ ...world, metadata: { ...(world.metadata ?? {}), roles } });
    await reportOutcome(callback, responses, 'UPDATE_ROLE', `${name} is now ${params.role}.`, true);
    return {
      success: true,
      text: `${name} is now ${params.role}`,
      data: { entityId: target.id, role: params.role, previous: targetRole },
    };
  },
  examples: [
    [
      { name: '{{name1}}', content: { text: 'make Bob an admin' } },
      { name: '{{name2}}', content: { text: 'Done, Bob is an admin now.', actions: ['REPLY', 'UPDATE_ROLE'] } },
    ],
  ],
};
