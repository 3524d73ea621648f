import { randomUuid, type Action, type ActionResult, type Metadata } from '@kith/core';
import { reportOutcome } from '../helpers/report-outcome';
import { resolveEntity } from '../helpers/resolve-entity';
import { roomOf } from '../helpers/turn-lookups';
import { alwaysValid } from '../helpers/always-valid';

interface UpdateEntityParameters {
  entity?: string;
  source: string;
  data: Metadata;
}

/**
 * Records details about a person as a component of their entity, one
 * component per source (platform or kind of data) and world. New fields are
 * merged into what is already known; who told the agent is kept as
 * `sourceEntityId`.
 */
export const updateEntityAction: Action = {
  name: 'UPDATE_ENTITY',
  similes: ['UPDATE_USER', 'UPDATE_PROFILE', 'SAVE_CONTACT', 'REMEMBER_DETAILS'],
  description: 'Save details about a person (e.g. their handle or email) to their profile.',
  priority: 30,
  parameters: [
    { name: 'entity', description: 'Name or id of the person; the sender when omitted', schema: { type: 'string' } },
    {
      name: 'source',
      description: 'Kind of data or platform, e.g. telegram, contact',
      required: true,
      schema: { type: 'string' },
    },
    {
      name: 'data',
      description: 'Fields to save, e.g. {"username":"bob"}',
      required: true,
      schema: { type: 'object' },
    },
  ],
  validate: alwaysValid,
  handler: async (runtime, message, _state, options, callback, responses): Promise<ActionResult> => {
    const params = options?.parameters as UpdateEntityParameters | undefined;
    const source = params?.source?.trim().toLowerCase();
    if (!source || !params?.data || Object.keys(params.data).length === 0)
      return { success: false, error: 'UPDATE_ENTITY needs a source and data' };
    const entity = await resolveEntity(runtime, message, params.entity);
    if (!entity?.id) {
      const text = `I could not find ${params.entity ? `"${params.entity}"` : 'that person'}.`;
      await reportOutcome(callback, responses, 'UPDATE_ENTITY', text, false);
      return { success: false, error: text };
    }
    const worldId = (await roomOf(runtime, message))?.worldId ?? message.worldId;
    if (!worldId) return { success: false, error: 'UPDATE_ENTITY needs a room that belongs to a world' };

    const existing = await runtime.getComponent(entity.id, source, worldId, message.entityId);
    const data = { ...(existing?.data ?? {}), ...params.data };
    if (existing) {
      await runtime.updateComponent({ ...existing, data });
    } else {
      await runtime.createComponent({
        id: randomUuid(),
        entityId: entity.id,
        agentId: runtime.agentId,
        roomId: message.roomId,
        worldId,
        sourceEntityId: message.entityId,
        type: source,
        createdAt: Date.now(),
        data,
      });
    }
    const name = entity.names[0] ?? entity.id;
    await reportOutcome(callback, responses, 'UPDATE_ENTITY', `I saved the ${source} details for ${name}.`, true);
    return {
      success: true,
      text: `Updated ${source} for ${name}`,
      data: { entityId: entity.id, source, fields: Object.keys(params.data) },
    };
  },
  examples: [
    [
      { name: '{{name1}}', content: { text: 'my telegram is @bob_codes' } },
      { name: '{{name2}}', content: { text: 'Got it, saved.', actions: ['REPLY', 'UPDATE_ENTITY'] } },
    ],
  ],
};
