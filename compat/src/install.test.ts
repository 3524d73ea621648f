import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kithBin, scratchProject } from './kith-agent';
import { PINNED_PLUGINS } from './pinned-plugins';
import { foreignCores } from './scratch-project';

interface Listed {
  plugins: { name: string; package: string; version: string; core: string }[];
  failed: { package: string; error: string }[];
}

describe('the scratch project: pinned elizaOS plugins installed from npm with the overrides', () => {
  it('resolves every @elizaos/core to @kith/core (npm ls)', () => {
    const project = scratchProject();
    expect(foreignCores(project)).toEqual([]);
    const tree = execFileSync('npm', ['ls', '@elizaos/core', '--all', '--parseable', '--long'], {
      cwd: project,
      encoding: 'utf8',
    });
    const cores = tree.split('\n').filter((line) => /node_modules\/@elizaos\/core:/.test(line));
    expect(cores.length).toBeGreaterThan(0);
    for (const line of cores) expect(line).toMatch(/:@kith\/core@\d/);
  });

  it('kith plugins loads each pinned plugin, at its pinned version, on @kith/core', () => {
    const project = scratchProject();
    const dir = mkdtempSync(join(tmpdir(), 'kith-compat-list-'));
    try {
      const file = join(dir, 'all.json');
      writeFileSync(file, JSON.stringify({ name: 'All', bio: 'x', plugins: Object.keys(PINNED_PLUGINS) }));
      const out = execFileSync(process.execPath, [kithBin(project), 'plugins', '--json', '--character', file], {
        cwd: project,
        encoding: 'utf8',
        env: { ...process.env, LOG_LEVEL: 'error', OPENAI_API_KEY: '', OPENAI_BASE_URL: '' },
      });
      const listed = JSON.parse(out) as Listed;
      expect(listed.failed).toEqual([]);
      for (const [name, version] of Object.entries(PINNED_PLUGINS)) {
        expect(listed.plugins.find((p) => p.package === name)).toMatchObject({
          version,
          core: expect.stringMatching(/^@kith\/core \S+ \(as @elizaos\/core\)$/),
        });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
