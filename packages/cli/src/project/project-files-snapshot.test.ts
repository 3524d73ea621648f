import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alignDirectCore } from './core-override';
import { ProjectFilesSnapshot } from './project-files-snapshot';

describe('ProjectFilesSnapshot', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-snapshot-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('puts package.json back byte for byte and removes a lockfile that did not exist', () => {
    const manifest = '{\n\t"name": "x",\n\t"dependencies": {}\n}\n';
    writeFileSync(join(dir, 'package.json'), manifest);
    const snapshot = ProjectFilesSnapshot.take(dir);
    expect(snapshot.changed()).toEqual([]);
    writeFileSync(join(dir, 'package.json'), '{"name":"x","overrides":{"@elizaos/core":"npm:@kith/core@0.1.0"}}');
    writeFileSync(join(dir, 'package-lock.json'), '{}');
    expect(snapshot.restore()).toEqual(['package.json', 'package-lock.json']);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(manifest);
    expect(existsSync(join(dir, 'package-lock.json'))).toBe(false);
  });
});

describe('alignDirectCore', () => {
  it("sets a project's own @elizaos/core entries to the override's spec, in every dependency field", () => {
    const json = {
      dependencies: { '@elizaos/core': '^1.7.2', other: '1.0.0' },
      devDependencies: { '@elizaos/core': 'latest' },
    };
    expect(alignDirectCore(json, 'npm:@kith/core@0.1.0')).toEqual(['dependencies', 'devDependencies']);
    expect(json).toEqual({
      dependencies: { '@elizaos/core': 'npm:@kith/core@0.1.0', other: '1.0.0' },
      devDependencies: { '@elizaos/core': 'npm:@kith/core@0.1.0' },
    });
    expect(alignDirectCore(json, 'npm:@kith/core@0.1.0')).toEqual([]);
    expect(alignDirectCore({ dependencies: { other: '1' } }, 'npm:@kith/core@0.1.0')).toEqual([]);
  });
});
