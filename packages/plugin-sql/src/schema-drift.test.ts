import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PACKAGE_ROOT = path.resolve(__dirname, '..');
// drizzle-kit's exports map hides bin.cjs; it sits next to the main entry.
const DRIZZLE_KIT = path.join(path.dirname(require.resolve('drizzle-kit', { paths: [PACKAGE_ROOT] })), 'bin.cjs');

function listFiles(folder: string): string[] {
  return fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
}

// Each dialect: its drizzle-kit dialect name, its migrations folder, its schema.
const DIALECTS = [
  ['sqlite', 'drizzle', './src/sqlite/schema/index.ts'],
  ['postgresql', 'drizzle-pg', './src/pg/schema/index.ts'],
] as const;

describe('schema drift', () => {
  it.each(DIALECTS)(
    'the committed %s migrations (%s) already cover %s (drizzle-kit generate finds nothing to do)',
    (dialect, folder, schema) => {
      const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'kith-sql-drift-'));
      try {
        fs.cpSync(path.join(PACKAGE_ROOT, folder), copy, { recursive: true });
        const before = listFiles(copy);
        const journal = fs.readFileSync(path.join(copy, 'meta', '_journal.json'), 'utf8');
        // drizzle-kit prefixes --out with "./", so it must be relative to the cwd.
        const out = path.relative(PACKAGE_ROOT, copy);
        const run = spawnSync(
          process.execPath,
          [DRIZZLE_KIT, 'generate', '--dialect', dialect, '--schema', schema, '--out', out],
          { cwd: PACKAGE_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
        );
        // drizzle-kit exits 0 on errors and on an unanswered rename question (no TTY),
        // so success is its "nothing to do" message and an unchanged folder.
        expect({ status: run.status, stderr: run.stderr.trim() }).toEqual({ status: 0, stderr: '' });
        expect(run.stdout).toMatch(/No schema changes/);
        expect(listFiles(copy)).toEqual(before);
        expect(fs.readFileSync(path.join(copy, 'meta', '_journal.json'), 'utf8')).toBe(journal);
      } finally {
        fs.rmSync(copy, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
