import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { acquireLock, installScratchProject, projectDir } from './scratch-project';

/** Installs or updates the scratch project once per jest run and holds its lock until teardown. */
export default async function globalSetup(): Promise<void> {
  const dir = projectDir();
  const release = acquireLock(dir);
  (globalThis as { __kithCompatRelease?: () => void }).__kithCompatRelease = release;
  try {
    const report = installScratchProject(dir);
    process.env.KITH_COMPAT_PROJECT = dir;
    const line = `compat: ${report.cold ? 'cold' : 'warm'} install in ${dir}: pack ${report.seconds.pack} s, npm install ${report.seconds.install} s, better-sqlite3 build ${report.seconds.rebuild} s, character packages ${report.seconds.characters} s`;
    process.stdout.write(`\n${line}\n`);
    writeFileSync(join(dir, 'last-install.txt'), `${line}\n`);
  } catch (error) {
    release();
    throw error;
  }
}
