import type { ChannelType, Metadata, UUID } from './primitives';

export interface Component {
  id: UUID;
  entityId: UUID;
  agentId: UUID;
  roomId: UUID;
  worldId: UUID;
  sourceEntityId: UUID;
  type: string;
  createdAt: number;
  data: Metadata;
}

/** A person, agent or bot known to the agent. */
export interface Entity {
  id?: UUID;
  names: string[];
  metadata?: Metadata;
  agentId: UUID;
  components?: Component[];
}

export enum Role {
  OWNER = 'OWNER',
  ADMIN = 'ADMIN',
  NONE = 'NONE',
}

export interface WorldMetadata {
  ownership?: { ownerId: string };
  roles?: Record<string, Role>;
  settings?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A server, guild or workspace: a group of rooms. */
export interface World {
  id: UUID;
  name?: string;
  agentId: UUID;
  serverId?: string;
  messageServerId?: UUID;
  metadata?: WorldMetadata;
}

/** A room's open-ended metadata (elizaOS's name). */
export type RoomMetadata = Metadata;

/** The worlds an entity owns, by server id (elizaOS's `ServerOwnershipState`). */
export interface ServerOwnershipState {
  servers: { [serverId: string]: World };
}

/** A channel, DM or thread. */
export interface Room {
  id: UUID;
  name?: string;
  agentId?: UUID;
  source: string;
  type: ChannelType;
  channelId?: string;
  serverId?: string;
  messageServerId?: UUID;
  worldId?: UUID;
  metadata?: RoomMetadata;
}

export interface Participant {
  id: UUID;
  entity: Entity;
}

export type ParticipantUserState = 'FOLLOWED' | 'MUTED' | null;

export interface Relationship {
  id: UUID;
  sourceEntityId: UUID;
  targetEntityId: UUID;
  agentId: UUID;
  tags: string[];
  metadata: Metadata;
  createdAt?: string;
}
