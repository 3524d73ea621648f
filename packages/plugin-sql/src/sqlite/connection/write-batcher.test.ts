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
    expect(t.events).toEqual([
      'begin',
      'savepoint',
      'release',
      'savepoint',
      'release',
      'savepoint',
      'release',
      'after-batch',
      'commit',
    ]);
  });

  it('commits the jobs of one turn of the event loop together, even when submitted from later promise jobs', async () => {
    const t = target();
    const batcher = new WriteBatcher(t);
    const first = batcher.submit(() => 'a');
    // Concurrent rooms submit from their own promise chains, a few microtasks apart.
    const later = Promise.resolve()
      .then(() => undefined)
      .then(() => batcher.submit(() => 'b'));
    await expect(Promise.all([first, later])).resolves.toEqual(['a', 'b']);
    expect(t.events.filter((e) => e === 'commit')).toHaveLength(1);
  });

  it('after a read committed the queue early, the scheduled commit takes only what came since', async () => {
    const t = target();
    const batcher = new WriteBatcher(t, 60_000, 1);
    const early = batcher.submit(() => 'early');
    batcher.flush(); // what a read does first
    const deferred = batcher.submitDeferred(() => 'deferred');
    await expect(early).resolves.toBe('early');
    await new Promise((resolve) => setImmediate(resolve));
    // The scheduled commit found nothing queued, and a deferred job alone does not start one.
    expect(t.events.filter((e) => e === 'commit')).toHaveLength(1);
    const next = batcher.submit(() => 'next');
    await expect(Promise.all([next, deferred])).resolves.toEqual(['next', 'deferred']);
    expect(t.events.filter((e) => e === 'commit')).toHaveLength(2);
  });

  it('runs a lone job without a savepoint, and rejects it alone when it fails', async () => {
    const t = target();
    const batcher = new WriteBatcher(t);
    await expect(batcher.submit(() => 'only')).resolves.toBe('only');
    expect(t.events).toEqual(['begin', 'after-batch', 'commit']);
    t.events.length = 0;
    await expect(
      batcher.submit(() => {
        throw new Error('constraint');
      }),
    ).rejects.toThrow('constraint');
    expect(t.events).toEqual(['begin', 'rollback']);
    await expect(batcher.submit(() => 'next')).resolves.toBe('next');
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

  describe('deferred jobs', () => {
    it('ride along with a commit once enough of them wait, instead of starting their own', async () => {
      const t = target();
      const batcher = new WriteBatcher(t, 60_000, 2);
      const ran: string[] = [];
      const first = batcher.submitDeferred(() => ran.push('vector 1'));
      await new Promise((resolve) => setImmediate(resolve));
      expect(t.events).toEqual([]);
      // Reads flush only what is acknowledged-to-be: a deferred job alone does not force a commit.
      expect(batcher.pending).toBe(0);
      expect(batcher.deferredCount).toBe(1);
      // One waiting job stays behind: alone it would dirty pages of its own in every commit.
      await batcher.submit(() => ran.push('message 1'));
      expect(ran).toEqual(['message 1']);
      expect(batcher.deferredCount).toBe(1);
      const second = batcher.submitDeferred(() => ran.push('vector 2'));
      await batcher.submit(() => ran.push('message 2'));
      await expect(Promise.all([first, second])).resolves.toEqual([2, 3]);
      expect(ran).toEqual(['message 1', 'vector 1', 'vector 2', 'message 2']);
      expect(t.events.filter((e) => e === 'begin')).toHaveLength(2);
      expect(batcher.deferredCount).toBe(0);
    });

    it('join a group commit whatever their number', async () => {
      const t = target();
      const batcher = new WriteBatcher(t, 60_000, 100);
      const deferred = batcher.submitDeferred(() => 'log');
      const jobs = [1, 2, 3].map((n) => batcher.submit(() => n));
      await expect(Promise.all([deferred, ...jobs])).resolves.toEqual(['log', 1, 2, 3]);
      expect(t.events.filter((e) => e === 'commit')).toHaveLength(1);
    });

    it('commit on their own once the delay has passed', async () => {
      const t = target();
      const batcher = new WriteBatcher(t, 5);
      await expect(
        Promise.all([batcher.submitDeferred(() => 'a'), batcher.submitDeferred(() => 'b')]),
      ).resolves.toEqual(['a', 'b']);
      expect(t.events.filter((e) => e === 'commit')).toHaveLength(1);
      expect(batcher.deferredCount).toBe(0);
    });

    it('are committed by flush(true) (closing the connection, reading logs), not by a plain flush()', async () => {
      const t = target();
      const batcher = new WriteBatcher(t, 60_000);
      const job = batcher.submitDeferred(() => 'stored');
      batcher.flush();
      expect(t.events).toEqual([]);
      batcher.flush(true);
      await expect(job).resolves.toBe('stored');
      expect(t.events.at(-1)).toBe('commit');
    });
  });
});
