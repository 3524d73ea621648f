import { WriteBatcher } from './write-batcher';

/** A stand-in connection recording transaction boundaries. */
function target(options: { failCommit?: boolean } = {}) {
  const events: string[] = [];
  let depth = 0;
  return {
    events,
    write<T>(fn: () => T): T {
      const top = depth === 0;
      events.push(top ? 'begin' : 'savepoint');
      depth += 1;
      try {
        const result = fn();
        if (top && options.failCommit) throw new Error('disk full');
        events.push(top ? 'commit' : 'release');
        return result;
      } catch (error) {
        events.push(top ? 'rollback' : 'rollback-to');
        throw error;
      } finally {
        depth -= 1;
      }
    },
    afterBatch: () => void events.push('after-batch'),
  };
}

describe('WriteBatcher', () => {
  it('runs the jobs of one tick in one transaction, each in its own savepoint', async () => {
    const t = target();
    const batcher = new WriteBatcher(t);
    const results = await Promise.all([1, 2, 3].map((n) => batcher.submit(() => n * 10)));
    expect(results).toEqual([10, 20, 30]);
    expect(t.events).toEqual(['begin', 'savepoint', 'release', 'savepoint', 'release', 'savepoint', 'release', 'after-batch', 'commit']);
  });

  it('rejects only the failing job', async () => {
    const t = target();
    const batcher = new WriteBatcher(t);
    const outcomes = await Promise.allSettled([
      batcher.submit(() => 'a'),
      batcher.submit(() => {
        throw new Error('constraint');
      }),
      batcher.submit(() => 'c'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(t.events).toContain('rollback-to');
    expect(t.events.at(-1)).toBe('commit');
  });

  it('rejects every job, even those that ran, when the commit fails', async () => {
    const t = target({ failCommit: true });
    const batcher = new WriteBatcher(t);
    const ran: number[] = [];
    const jobs = [1, 2].map((n) => batcher.submit(() => ran.push(n)));
    await expect(jobs[0]).rejects.toThrow('disk full');
    await expect(jobs[1]).rejects.toThrow('disk full');
    expect(ran).toEqual([1, 2]);
  });

  it('commits queued jobs at once on flush()', async () => {
    const t = target();
    const batcher = new WriteBatcher(t);
    const job = batcher.submit(() => 'now');
    expect(batcher.pending).toBe(1);
    batcher.flush();
    expect(t.events.at(-1)).toBe('commit');
    expect(batcher.pending).toBe(0);
    await expect(job).resolves.toBe('now');
  });
});
