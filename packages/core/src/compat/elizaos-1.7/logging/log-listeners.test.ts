import { describe, expect, it } from '@jest/globals';
import { logger } from '../../../logger';
import {
  __loggerTestHooks,
  addLogListener,
  customLevels,
  recentLogs,
  removeLogListener,
  type LogEntry,
} from './log-listeners';

describe('log listeners (elizaOS 1.7)', () => {
  it("hands Kith's logger entries to listeners until removed", () => {
    const seen: LogEntry[] = [];
    const listener = (entry: LogEntry): void => void seen.push(entry);
    const remove = addLogListener(listener);
    const throwing = addLogListener(() => {
      throw new Error('listener failure');
    });
    logger.child({ agentName: 'Ada' }).warn({ detail: { a: 1 } }, 'first line');
    remove();
    logger.warn('second line');
    throwing();
    removeLogListener(listener);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ level: 40, msg: 'first line', agentName: 'Ada', detail: '{"a":1}' });
    expect(typeof seen[0].time).toBe('number');
  });

  it('keeps the recent lines with time and level name', () => {
    recentLogs();
    logger.error('kept line');
    const lines = recentLogs().split('\n');
    expect(lines[lines.length - 1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z error kept line$/);
  });

  it("exports elizaOS's level table and test hooks", () => {
    expect(customLevels).toMatchObject({ fatal: 60, info: 30, log: 29, progress: 28, success: 27, trace: 10 });
    expect(__loggerTestHooks.__noop()).toBeUndefined();
  });
});
