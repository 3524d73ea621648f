import { RUN_LOG_TYPE } from '@kith/core';

/**
 * A run's record (a `run_event` body with a runId, as the run-log recorder
 * writes it) repeats what its row or itself already holds: roomId and
 * entityId (the row's room_id and entity_id columns) and duration
 * (endTime - startTime). When all three are such copies, the stored body
 * leaves them out (about 115 bytes a run, a sixth of the record), and a read
 * puts them back, so readers get the body as it was given. Any other body is
 * stored as given.
 */
export function toStoredLogBody(
  type: string,
  body: Record<string, unknown>,
  entityId: string,
  roomId: string | null | undefined,
): Record<string, unknown> {
  if (!isRunRecord(type, body)) return body;
  const copies =
    roomId !== null &&
    roomId !== undefined &&
    body.roomId === roomId &&
    body.entityId === entityId &&
    body.duration !== undefined &&
    body.duration === durationOf(body);
  if (!copies) return body;
  const { roomId: _roomId, entityId: _entityId, duration: _duration, ...stored } = body;
  return stored;
}

/** A stored body as it was given (see toStoredLogBody), in the recorder's field order. */
export function fromStoredLogBody(
  type: string,
  body: Record<string, unknown>,
  entityId: string,
  roomId: string | null,
): Record<string, unknown> {
  const duration = durationOf(body);
  const left =
    isRunRecord(type, body) &&
    roomId !== null &&
    duration !== undefined &&
    body.roomId === undefined &&
    body.entityId === undefined &&
    body.duration === undefined;
  if (!left) return body;
  const { runId, status, messageId, startTime, endTime, ...rest } = body;
  const given: Record<string, unknown> = { runId, status };
  if (messageId !== undefined) given.messageId = messageId;
  Object.assign(given, { roomId, entityId, startTime, endTime, duration }, rest);
  return given;
}

function isRunRecord(type: string, body: Record<string, unknown>): boolean {
  return type === RUN_LOG_TYPE && typeof body.runId === 'string';
}

function durationOf(body: Record<string, unknown>): number | undefined {
  return typeof body.startTime === 'number' && typeof body.endTime === 'number'
    ? body.endTime - body.startTime
    : undefined;
}
