import { randomUUID } from 'node:crypto';
import type { UUID } from '@kith/core';
import type { LogParams } from '../adapter/dialect-stores';
import { compactLogBodyJson } from './compact-log-body';

/** A log record's columns in insert order: id, agent_id, entity_id, room_id, type, body (JSON), created_at. */
export type LogValues = readonly [string, string, string, string | null, string, string, number];

/** The values of a new log record, its body compacted (see compactLogBody) unless `keepWhole` (LOG_PROMPTS_TO_DB). */
export function logValues(agentId: UUID, params: LogParams, keepWhole: boolean): LogValues {
  return [
    randomUUID(),
    agentId,
    params.entityId,
    params.roomId ?? null,
    params.type,
    keepWhole ? JSON.stringify(params.body) : compactLogBodyJson(params.body),
    Date.now(),
  ];
}
