import type { UUID } from '../types/primitives';
import { stringToUuid } from '../uuid/uuid';

/** The bus server id REST and WebSocket channels belong to (each agent files them under one world). */
export const DEFAULT_SERVER_ID = 'kith-server';

/** A user named only by name gets the same entity id every time. */
export function defaultEntityId(userName: string | undefined): UUID {
  return stringToUuid(`kith-server:user:${userName ?? 'anonymous'}`);
}

/** The DM room of a user and an agent when the client names none: the same conversation every time. */
export function defaultRoomId(agentId: UUID, entityId: UUID): UUID {
  return stringToUuid(`kith-server:dm:${agentId}:${entityId}`);
}
