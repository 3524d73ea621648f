import { RUN_LOG_TYPE } from '@kith/core';

/**
 * A `run_event` body repeats what its row or itself already holds: roomId
 * and entityId (the row's room_id and entity_id columns) and duration
 * (endTime - startTime). The stored body leaves out the copies that are
 * equal (about 115 bytes a run, a sixth of the record); every read puts them
 * back, so readers get the body as it was given. Bodies of other types are
 * stored as given.
 */
export function toStoredLogBody(
  type: string,
  body: Record<string, unknown>,
  entityId: string,
  roomId: string | null | undefined,
): Record<string, unknown> {
  if (type !== RUN_LOG_TYPE) return body;
  const sameRoom = roomId !== null && roomId !== undefined && body.roomId === roomId;
  const sameEntity = body.entityId === entityId;
  const derivedDuration = body.duration !== undefined && body.duration === durationOf(body);
  if (!sameRoom && !sameEntity && !derivedDuration) return body;
  const stored = { ...body };
  if (sameRoom) delete stored.roomId;
  if (sameEntity) delete stored.entityId;
  if (derivedDuration) delete stored.duration;
  return stored;
}

/** A stored body as it was given (see toStoredLogBody), with the recorder's field order. */
export function fromStoredLogBody(
  type: string,
  body: Record<string, unknown>,
  entityId: string,
  roomId: string | null,
): Record<string, unknown> {
  if (type !== RUN_LOG_TYPE) return body;
  const room = body.roomId ?? roomId ?? undefined;
  const duration = body.duration ?? durationOf(body);
  if (body.entityId !== undefined && body.roomId === room && body.duration === duration) return body;
  const { runId, status, messageId, startTime, endTime, ...rest } = body;
  const given: Record<string, unknown> = {
    runId,
    status,
    messageId,
    roomId: room,
    entityId: body.entityId ?? entityId,
    startTime,
    endTime,
    duration,
  };
  for (const [key, value] of Object.entries(rest)) if (!(key in given)) given[key] = value;
  for (const key of Object.keys(given)) if (given[key] === undefined) delete given[key];
  return given;
}

function durationOf(body: Record<string, unknown>): number | undefined {
  return typeof body.startTime === 'number' && typeof body.endTime === 'number'
    ? body.endTime - body.startTime
    : undefined;
}
