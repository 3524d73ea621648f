import { spawnSync } from 'node:child_process';
import { accessSync, constants, copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const PACKAGE = resolve(__dirname, '../..');
const REPO = resolve(PACKAGE, '../..');
const { version } = require('../../package.json') as { version: string };

describe('the kith bin', () => {
  it('is what npm links in the workspace: the committed shim, with its run bit, running the build', () => {
    const linked = join(REPO, 'node_modules', '.bin', 'kith');
    expect(realpathSync(linked)).toBe(join(PACKAGE, 'bin', 'kith.js'));
    expect(() => accessSync(linked, constants.X_OK)).not.toThrow();
    // Run as a command (its shebang), the way `npx kith` does.
    const result = spawnSync(linked, ['--version'], { encoding: 'utf8', timeout: 30_000 });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(version);
  });

  it('says to build first when dist/ is missing', () => {
    const copy = mkdtempSync(join(tmpdir(), 'kith-bin-'));
    try {
      mkdirSync(join(copy, 'bin'));
      copyFileSync(join(PACKAGE, 'bin', 'kith.js'), join(copy, 'bin', 'kith.js'));
      const result = spawnSync(process.execPath, [join(copy, 'bin', 'kith.js'), '--version'], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('@kith/cli is not built');
      expect(result.stderr).toContain('npm run build');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
