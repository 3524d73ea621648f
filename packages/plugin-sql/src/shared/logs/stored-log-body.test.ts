import { RUN_LOG_TYPE } from '@kith/core';
import { fromStoredLogBody, toStoredLogBody } from './stored-log-body';

const room = '00000000-0000-4000-8000-000000000001';
const entity = '00000000-0000-4000-8000-000000000002';
const run = {
  runId: '00000000-0000-4000-8000-000000000003',
  status: 'completed',
  messageId: '00000000-0000-4000-8000-000000000004',
  roomId: room,
  entityId: entity,
  startTime: 1,
  endTime: 3,
  duration: 2,
  source: 'messageHandler',
  models: [{ modelType: 'TEXT_LARGE', calls: 1 }],
};

/** What the logs table holds and gives back: the stored body through JSON. */
const roundTrip = (body: Record<string, unknown>, roomId: string | null = room) =>
  fromStoredLogBody(
    RUN_LOG_TYPE,
    JSON.parse(JSON.stringify(toStoredLogBody(RUN_LOG_TYPE, body, entity, roomId))),
    entity,
    roomId,
  );

describe('stored log bodies', () => {
  it("stores a run_event without the copies of its columns and its duration, and reads it back whole, in the recorder's order", () => {
    const stored = toStoredLogBody(RUN_LOG_TYPE, run, entity, room);
    expect(Object.keys(stored)).toEqual(['runId', 'status', 'messageId', 'startTime', 'endTime', 'source', 'models']);
    const read = roundTrip(run);
    expect(read).toEqual(run);
    expect(Object.keys(read)).toEqual(Object.keys(run));
  });

  it.each([
    ['room', { roomId: '00000000-0000-4000-8000-000000000009' }],
    ['entity', { entityId: '00000000-0000-4000-8000-000000000009' }],
    ['duration', { duration: 5 }],
  ])('stores a run whose %s is not a copy as given', (_what, change) => {
    const odd = { ...run, ...change };
    expect(toStoredLogBody(RUN_LOG_TYPE, odd, entity, room)).toBe(odd);
    expect(roundTrip(odd)).toEqual(odd);
  });

  it('reads a run without a room (null column), without times, or without a runId without inventing fields', () => {
    const { roomId: _roomId, entityId: _entityId, duration: _duration, ...bare } = run;
    expect(roundTrip(bare, null)).toEqual(bare);
    const { startTime: _start, endTime: _end, ...untimed } = bare;
    expect(roundTrip(untimed)).toEqual(untimed);
    const { runId: _runId, ...anonymous } = bare;
    expect(roundTrip(anonymous)).toEqual(anonymous);
    expect(roundTrip({ status: 'completed' })).toEqual({ status: 'completed' });
  });

  it('stores and reads bodies of other types as given', () => {
    const body = { roomId: room, entityId: entity, startTime: 1, endTime: 2, duration: 1 };
    expect(toStoredLogBody('useModel:TEXT_SMALL', body, entity, room)).toBe(body);
    expect(fromStoredLogBody('useModel:TEXT_SMALL', { note: 'x' }, entity, room)).toEqual({ note: 'x' });
  });
});
