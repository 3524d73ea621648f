import type { UUID } from '../../types/primitives';
import { readRunLogBody, RUN_LOG_TYPE, type RunLogBody } from './run-log-record';

const RUN = '11111111-1111-1111-1111-111111111111' as UUID;

describe('run log record', () => {
  it('round-trips a written body through JSON', () => {
    const written: RunLogBody = {
      runId: RUN,
      status: 'completed',
      roomId: '22222222-2222-2222-2222-222222222222',
      startTime: 1_000,
      endTime: 1_250,
      duration: 250,
      source: 'messageHandler',
      models: [
        {
          modelType: 'TEXT_LARGE',
          provider: 'openai',
          calls: 1,
          failed: 0,
          promptChars: 4_000,
          durationMs: 200.5,
          promptTokens: 900,
          completionTokens: 40,
          totalTokens: 940,
        },
      ],
    };
    expect(readRunLogBody(JSON.parse(JSON.stringify(written)))).toEqual(written);
    expect(RUN_LOG_TYPE).toBe('run_event');
  });

  it('is not a run without a runId', () => {
    expect(readRunLogBody({ status: 'completed' })).toBeNull();
    expect(readRunLogBody(null)).toBeNull();
    expect(readRunLogBody('run_event')).toBeNull();
  });

  it('keeps what is usable of an older or foreign body', () => {
    expect(
      readRunLogBody({
        runId: RUN,
        status: 'exploded',
        startTime: 'yesterday',
        error: '',
        extra: 'ignored',
        models: [{ modelType: 'TEXT_SMALL', provider: 'x', calls: 'two' }, 'junk'],
      }),
    ).toEqual({
      runId: RUN,
      status: 'completed',
      models: [{ modelType: 'TEXT_SMALL', provider: 'x', calls: 0, failed: 0, promptChars: 0, durationMs: 0 }],
    });
  });
});
