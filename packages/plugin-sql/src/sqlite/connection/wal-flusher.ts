import fs from 'node:fs';
import type { SqlLogger } from '../../shared/sql-logger';

/** Commits between background flushes of the WAL file. */
export const DEFAULT_FLUSH_EVERY_COMMITS = 64;

/**
 * Writes the WAL file to disk in the background (an fdatasync on libuv's
 * thread pool) every few commits.
 *
 * With `synchronous = NORMAL` a commit only appends to the WAL; the fsync
 * comes at the automatic checkpoint, on the main thread, and it has to write
 * out every WAL byte since the last one (20-40 MB). That stalled one commit in
 * a thousand for 70-150 ms on a virtual disk. Flushing the WAL as it grows
 * leaves the checkpoint a small tail to sync: the stall measured 17-20 ms.
 * Durability is unchanged (it only gets better): this is the same fsync,
 * done earlier and off the main thread.
 */
export class WalFlusher {
  private commits = 0;
  private fd: number | undefined;
  private inFlight = false;
  private closed = false;
  private failed = false;
  private completed = 0;

  constructor(
    private readonly walPath: string,
    private readonly logger: SqlLogger,
    private readonly everyCommits = DEFAULT_FLUSH_EVERY_COMMITS,
  ) {}

  /** Called after each top-level commit. */
  noteCommit(): void {
    if (++this.commits < this.everyCommits || this.inFlight || this.closed || this.failed) return;
    this.commits = 0;
    const fd = this.open();
    if (fd === undefined) return;
    this.inFlight = true;
    fs.fdatasync(fd, (error) => {
      this.inFlight = false;
      if (error) this.giveUp(error);
      else this.completed += 1;
      if (this.closed || this.failed) this.closeFd();
    });
  }

  /** Background flushes that completed. */
  get flushes(): number {
    return this.completed;
  }

  /** Whether a file handle is open (for tests: it must be released at close). */
  get holdsFile(): boolean {
    return this.fd !== undefined;
  }

  /** Stops flushing; the file handle closes now, or when a flush in flight ends. */
  close(): void {
    this.closed = true;
    if (!this.inFlight) this.closeFd();
  }

  private open(): number | undefined {
    if (this.fd !== undefined) return this.fd;
    try {
      // Read-write: Windows needs write access to flush a file's buffers.
      this.fd = fs.openSync(this.walPath, 'r+');
    } catch (error) {
      // No WAL yet (nothing written) is normal; try again at the next round.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.giveUp(error);
    }
    return this.fd;
  }

  private giveUp(error: unknown): void {
    this.failed = true;
    this.logger.debug(
      { err: error, walPath: this.walPath },
      'Background WAL flush unavailable; checkpoints will sync the WAL themselves',
    );
  }

  private closeFd(): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    try {
      fs.closeSync(fd);
    } catch {
      // Already closed: nothing to release.
    }
  }
}
