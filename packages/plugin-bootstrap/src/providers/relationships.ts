import type { Provider, Relationship, UUID } from '@kith/core';
import { entityNames } from '../helpers/resolve-entity';

const MAX_RELATIONSHIPS = 20;

export function interactionsOf(relationship: Relationship): number {
  const count = relationship.metadata?.interactions;
  return typeof count === 'number' && Number.isFinite(count) ? count : 0;
}

/** The sender's relationships the agent has observed, most interactions first. */
export const relationshipsProvider: Provider = {
  name: 'RELATIONSHIPS',
  description: "The sender's relationships with others, with tags and interaction counts",
  dynamic: true,
  position: 82,
  get: async (runtime, message) => {
    const relationships = (await runtime.getRelationships({ entityId: message.entityId }))
      .sort((a, b) => interactionsOf(b) - interactionsOf(a))
      .slice(0, MAX_RELATIONSHIPS);
    if (relationships.length === 0) return { values: { relationships: '' }, data: { relationships: [] } };
    const otherIds = relationships.map((r) =>
      r.sourceEntityId === message.entityId ? r.targetEntityId : r.sourceEntityId,
    );
    const ids = [...new Set<UUID>([message.entityId, ...otherIds])];
    const names = new Map(
      ((await runtime.getEntitiesByIds(ids)) ?? []).map((e) => [e.id, entityNames(e)[0] ?? 'Unknown']),
    );
    const lines = relationships.map((r, i) => {
      const tags = r.tags.length > 0 ? r.tags.join(', ') : 'no tags';
      return `- ${names.get(otherIds[i]) ?? otherIds[i]}: ${tags} (${interactionsOf(r)} interactions)`;
    });
    const text = `# Relationships of ${names.get(message.entityId) ?? 'the sender'}\n${lines.join('\n')}`;
    return { text, values: { relationships: text }, data: { relationships } };
  },
};
