import type {
  ChannelType,
  Component,
  Entity,
  Log,
  Metadata,
  Relationship,
  Room,
  Task,
  TaskMetadata,
  UUID,
  World,
} from '@kith/core';
import { fromStoredLogBody } from '../logs/stored-log-body';

// Rows as both dialects read them: column names in camelCase (drizzle's on SQLite; `AS "camelCase"`
// aliases on PostgreSQL, see pg's selectAs), JSON columns parsed. A timestamp may arrive as text
// (PostgreSQL's int8), so it goes through Number().

type Timestamp = number | string;

export interface RoomRecord {
  id: string;
  agentId: string | null;
  name: string | null;
  source: string;
  type: string;
  channelId: string | null;
  serverId: string | null;
  messageServerId: string | null;
  worldId: string | null;
  metadata: Room['metadata'];
}

export function toRoom(row: RoomRecord): Room {
  const room: Room = { id: row.id as UUID, source: row.source, type: row.type as ChannelType, metadata: row.metadata };
  if (row.agentId !== null) room.agentId = row.agentId as UUID;
  if (row.name !== null) room.name = row.name;
  if (row.channelId !== null) room.channelId = row.channelId;
  if (row.serverId !== null) room.serverId = row.serverId;
  if (row.messageServerId !== null) room.messageServerId = row.messageServerId as UUID;
  if (row.worldId !== null) room.worldId = row.worldId as UUID;
  return room;
}

export interface WorldRecord {
  id: string;
  agentId: string;
  name: string | null;
  serverId: string | null;
  messageServerId: string | null;
  metadata: World['metadata'];
}

export function toWorld(row: WorldRecord): World {
  return {
    id: row.id as UUID,
    agentId: row.agentId as UUID,
    ...(row.name === null ? {} : { name: row.name }),
    ...(row.serverId === null ? {} : { serverId: row.serverId }),
    ...(row.messageServerId === null ? {} : { messageServerId: row.messageServerId as UUID }),
    metadata: row.metadata,
  };
}

export interface ComponentRecord {
  id: string;
  entityId: string;
  agentId: string;
  roomId: string | null;
  worldId: string | null;
  sourceEntityId: string | null;
  type: string;
  data: Metadata;
  createdAt: Timestamp;
}

export function toComponent(row: ComponentRecord): Component {
  return {
    id: row.id as UUID,
    entityId: row.entityId as UUID,
    agentId: row.agentId as UUID,
    roomId: row.roomId as UUID,
    worldId: row.worldId as UUID,
    sourceEntityId: row.sourceEntityId as UUID,
    type: row.type,
    createdAt: Number(row.createdAt),
    data: row.data,
  };
}

export interface EntityRecord {
  id: string;
  agentId: string;
  names: string[];
  metadata: Metadata;
}

/** The entity, with `components` when they were read (an empty list for none). */
export function toEntity(row: EntityRecord, components?: Component[]): Entity {
  return {
    id: row.id as UUID,
    names: row.names,
    metadata: row.metadata,
    agentId: row.agentId as UUID,
    ...(components ? { components } : {}),
  };
}

export interface RelationshipRecord {
  id: string;
  sourceEntityId: string;
  targetEntityId: string;
  agentId: string;
  tags: string[];
  metadata: Metadata;
  createdAt: Timestamp;
}

export function toRelationship(row: RelationshipRecord): Relationship {
  return {
    id: row.id as UUID,
    sourceEntityId: row.sourceEntityId as UUID,
    targetEntityId: row.targetEntityId as UUID,
    agentId: row.agentId as UUID,
    tags: row.tags,
    metadata: row.metadata,
    createdAt: new Date(Number(row.createdAt)).toISOString(),
  };
}

export interface TaskRecord {
  id: string;
  name: string;
  description: string;
  roomId: string | null;
  worldId: string | null;
  entityId: string | null;
  tags: string[];
  metadata: TaskMetadata;
  updatedAt: Timestamp;
}

export function toTask(row: TaskRecord): Task {
  const task: Task = {
    id: row.id as UUID,
    name: row.name,
    description: row.description,
    tags: row.tags,
    metadata: row.metadata,
    updatedAt: Number(row.updatedAt),
  };
  if (row.roomId !== null) task.roomId = row.roomId as UUID;
  if (row.worldId !== null) task.worldId = row.worldId as UUID;
  if (row.entityId !== null) task.entityId = row.entityId as UUID;
  return task;
}

export interface LogRecord {
  id: string;
  entityId: string;
  roomId: string | null;
  type: string;
  body: Record<string, unknown>;
  createdAt: Timestamp;
}

/** The log record, its body as it was given (see fromStoredLogBody). */
export function toLog(row: LogRecord): Log {
  return {
    id: row.id as UUID,
    entityId: row.entityId as UUID,
    ...(row.roomId === null ? {} : { roomId: row.roomId as UUID }),
    body: fromStoredLogBody(row.type, row.body, row.entityId, row.roomId),
    type: row.type,
    createdAt: new Date(Number(row.createdAt)),
  };
}
