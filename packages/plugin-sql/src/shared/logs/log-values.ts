import { randomUUID } from 'node:crypto';
import type { UUID } from '@kith/core';
import type { LogParams } from '../adapter/dialect-stores';
import { compactLogBodyJson } from './compact-log-body';
import { toStoredLogBody } from './stored-log-body';

/** A log record's columns in insert order: id, agent_id, entity_id, room_id, type, body (JSON), created_at. */
export type LogValues = readonly [string, string, string, string | null, string, string, number];

/**
 * The values of a new log record, its body compacted (see compactLogBody) unless `keepWhole` (LOG_PROMPTS_TO_DB),
 * without what a read puts back (see toStoredLogBody).
 */
export function logValues(agentId: UUID, params: LogParams, keepWhole: boolean): LogValues {
  const body = toStoredLogBody(params.type, params.body, params.entityId, params.roomId);
  return [
    randomUUID(),
    agentId,
    params.entityId,
    params.roomId ?? null,
    params.type,
    keepWhole ? JSON.stringify(body) : compactLogBodyJson(body),
    Date.now(),
  ];
}
