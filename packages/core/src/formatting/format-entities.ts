import type { Entity } from '../types/environment';

/**
 * Entities for prompts, elizaOS style: `"Name" aka "Other"`, the ID and the
 * metadata as JSON when there is any.
 */
export function formatEntities({ entities }: { entities: Entity[] }): string {
  return entities
    .map((entity) => {
      const names = (entity.names ?? []).join('" aka "');
      const metadata = entity.metadata && Object.keys(entity.metadata).length > 0 ? entity.metadata : null;
      return `"${names}"\nID: ${entity.id}${metadata ? `\nData: ${JSON.stringify(metadata)}\n` : '\n'}`;
    })
    .join('\n');
}
