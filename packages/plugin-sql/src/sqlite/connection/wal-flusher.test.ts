import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { WalFlusher } from './wal-flusher';

function recordingLogger() {
  const debug: string[] = [];
  return {
    debug,
    logger: {
      warn: () => undefined,
      info: () => undefined,
      debug: (_: object, message: string) => void debug.push(message),
    },
  };
}

/** Resolves once `check` holds, polling the event loop (fdatasync runs on the thread pool). */
async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('WalFlusher', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-wal-flusher-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('flushes a real WAL file every N commits, one flush at a time', async () => {
    const file = path.join(dir, 'x.db');
    const sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('CREATE TABLE t (v TEXT)');
    const { logger, debug } = recordingLogger();
    const flusher = new WalFlusher(`${file}-wal`, logger, 3);
    for (let i = 0; i < 2; i++) flusher.noteCommit();
    expect(flusher.holdsFile).toBe(false);
    flusher.noteCommit();
    expect(flusher.holdsFile).toBe(true);
    // While that flush is in flight, further rounds are skipped rather than queued.
    for (let i = 0; i < 3; i++) flusher.noteCommit();
    await until(() => flusher.flushes === 1);
    for (let i = 0; i < 3; i++) flusher.noteCommit();
    await until(() => flusher.flushes === 2);
    flusher.close();
    expect(flusher.holdsFile).toBe(false);
    expect(debug).toEqual([]);
    sqlite.close();
  });

  it('releases the file only after a flush in flight has finished', async () => {
    const file = path.join(dir, 'x.db');
    const sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('CREATE TABLE t (v TEXT)');
    const flusher = new WalFlusher(`${file}-wal`, recordingLogger().logger, 1);
    flusher.noteCommit();
    flusher.close();
    expect(flusher.holdsFile).toBe(true);
    await until(() => !flusher.holdsFile);
    expect(flusher.flushes).toBe(1);
    // Closed: no more flushes.
    flusher.noteCommit();
    expect(flusher.holdsFile).toBe(false);
    sqlite.close();
  });

  it('waits for a WAL that does not exist yet, and gives up quietly on one it cannot open', async () => {
    const missing = new WalFlusher(path.join(dir, 'none.db-wal'), recordingLogger().logger, 1);
    missing.noteCommit();
    expect(missing.holdsFile).toBe(false);
    fs.writeFileSync(path.join(dir, 'none.db-wal'), '');
    missing.noteCommit();
    await until(() => missing.flushes === 1);
    missing.close();

    // A directory cannot be opened for writing: logged at debug level once, then never retried.
    const { logger, debug } = recordingLogger();
    const broken = new WalFlusher(dir, logger, 1);
    broken.noteCommit();
    broken.noteCommit();
    expect(debug).toEqual(['Background WAL flush unavailable; checkpoints will sync the WAL themselves']);
    broken.close();
  });
});
