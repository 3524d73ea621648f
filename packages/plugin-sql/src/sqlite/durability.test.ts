import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUuid, type UUID } from '@kith/core';
import { createDatabaseAdapter } from '../create-database-adapter';

const WRITER = path.join(__dirname, '..', 'testing', 'fixtures', 'crash-writer.js');

/** Runs the writer until it has reported `target` ids, then SIGKILLs it mid-stream. */
function writeThenKill(dataDir: string, agentId: UUID, mode: 'single' | 'batch', target: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, dataDir, agentId, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
    const ids: string[] = [];
    let buffered = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      ids.push(...lines.filter(Boolean));
      if (ids.length >= target && child.exitCode === null && !child.killed) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal === 'SIGKILL') resolve(ids);
      else reject(new Error(`writer exited with ${code}: ${stderr}`));
    });
  });
}

describe('durability', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-crash-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // No timing: the kill comes after a count of acknowledged ids, whatever the machine's speed.
  it.each(['single', 'batch'] as const)(
    'keeps every committed memory and an intact file after SIGKILL mid-write (%s commits)',
    async (mode) => {
      const agentId = randomUuid();
      const dir = path.join(dataDir, mode);
      const printed = await writeThenKill(dir, agentId, mode, 300);
      expect(printed.length).toBeGreaterThanOrEqual(300);

      const adapter = createDatabaseAdapter({ dataDir: dir }, agentId);
      await adapter.init();
      try {
        const sqlite = await adapter.getConnection();
        expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
        const found = await adapter.getMemoriesByIds(printed as UUID[]);
        expect(found.length).toBe(printed.length);
        const hits = await adapter.searchMemories({
          tableName: 'messages',
          embedding: found[0].embedding ?? [],
          count: 1,
        });
        expect(hits[0]?.id).toBe(found[0].id);
      } finally {
        await adapter.close();
      }
    },
    60_000,
  );
});
