import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { KithError } from '@kith/core';
import type Database from 'better-sqlite3';
import { SqlErrorCode } from '../../errors';
import { isBindingLoadError, openSqliteFile } from './open-sqlite-file';

/** A copy of the installed better-sqlite3 without its build/ folder: what `npm install --ignore-scripts` leaves. */
function unbuiltBetterSqlite(root: string): typeof Database {
  const installed = dirname(require.resolve('better-sqlite3/package.json'));
  const copy = join(root, 'node_modules', 'better-sqlite3');
  cpSync(join(installed, 'lib'), join(copy, 'lib'), { recursive: true });
  cpSync(join(installed, 'package.json'), join(copy, 'package.json'));
  // Its loader and the loader's one dependency, as installed beside it.
  for (const name of ['bindings', 'file-uri-to-path']) {
    symlinkSync(
      dirname(require.resolve(`${name}/package.json`, { paths: [installed] })),
      join(root, 'node_modules', name),
      'dir',
    );
  }
  return require(copy) as typeof Database;
}

describe('openSqliteFile', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kith-binding-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('opens a database with the installed binding', () => {
    const db = openSqliteFile(':memory:');
    try {
      expect(db.prepare('select 1 as one').get()).toEqual({ one: 1 });
    } finally {
      db.close();
    }
  });

  it('turns a binding that was never built into an error with the cause and the fix', () => {
    const driver = unbuiltBetterSqlite(root);
    let thrown: unknown;
    try {
      openSqliteFile(join(root, 'kith.db'), driver);
    } catch (error) {
      thrown = error;
    }
    expect(KithError.hasCode(thrown, SqlErrorCode.NATIVE_BINDING_MISSING)).toBe(true);
    const error = thrown as KithError;
    expect(error.name).toBe('SqliteBindingError');
    expect(error.message).toContain('Could not locate the bindings file');
    expect(error.message).toContain('npm rebuild better-sqlite3');
    expect(error.message).toContain('python3, make and a C++ compiler');
    expect(isBindingLoadError(error.cause)).toBe(true);
  });

  it('leaves other open failures alone', () => {
    expect(() => openSqliteFile(join(root, 'missing-folder', 'kith.db'))).toThrow(/directory does not exist/);
  });
});
