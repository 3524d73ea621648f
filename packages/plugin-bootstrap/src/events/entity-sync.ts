import { ChannelType, type EntityPayload } from '@kith/core';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * ENTITY_JOINED: makes sure the person, the room and their participation
 * exist (names and channel details come from the payload metadata), and
 * marks them active again if they had left.
 */
export async function handleEntityJoined({
  runtime,
  entityId,
  roomId,
  worldId,
  metadata,
  source,
}: EntityPayload): Promise<void> {
  if (!roomId) {
    runtime.logger.warn({ entityId }, 'ENTITY_JOINED without a roomId; nothing to sync');
    return;
  }
  const meta = metadata ?? {};
  try {
    const type = text(meta.type);
    await runtime.ensureConnection({
      entityId,
      roomId,
      worldId,
      source: source ?? text(meta.source) ?? 'unknown',
      name: text(meta.name) ?? text(meta.displayName),
      userName: text(meta.username) ?? text(meta.userName),
      channelId: text(meta.channelId),
      serverId: text(meta.serverId),
      worldName: text(meta.worldName),
      type: type && (Object.values(ChannelType) as string[]).includes(type) ? type : ChannelType.GROUP,
    });
    const entity = await runtime.getEntityById(entityId);
    if (entity && entity.metadata?.status === 'INACTIVE') {
      await runtime.updateEntity({
        ...entity,
        metadata: { ...entity.metadata, status: 'ACTIVE', joinedAt: Date.now() },
      });
    }
    runtime.logger.debug({ entityId, roomId }, 'Synced a joining entity');
  } catch (error) {
    runtime.logger.error({ err: error, entityId, roomId }, 'Syncing a joining entity failed');
  }
}

/**
 * ENTITY_LEFT: marks the person inactive (elizaOS). They stay a participant
 * so the room's history still shows their name.
 */
export async function handleEntityLeft({ runtime, entityId, roomId }: EntityPayload): Promise<void> {
  try {
    const entity = await runtime.getEntityById(entityId);
    if (!entity) {
      runtime.logger.debug({ entityId }, 'ENTITY_LEFT for an unknown entity');
      return;
    }
    await runtime.updateEntity({
      ...entity,
      metadata: { ...(entity.metadata ?? {}), status: 'INACTIVE', leftAt: Date.now() },
    });
    runtime.logger.info({ entityId, roomId }, 'Marked a departing entity inactive');
  } catch (error) {
    runtime.logger.error({ err: error, entityId }, 'Handling a departing entity failed');
  }
}
