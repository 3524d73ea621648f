import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The files `kith add` changes in a project, kept as they were so a failed add can put them back. */
const FILES = ['package.json', 'package-lock.json'];

/**
 * package.json and package-lock.json as they were before a change; restore()
 * writes them back byte for byte (and removes one that did not exist), so a
 * failed `kith add` leaves no override or dependency behind.
 */
export class ProjectFilesSnapshot {
  private constructor(
    private readonly dir: string,
    private readonly contents: ReadonlyMap<string, string | null>,
  ) {}

  static take(dir: string): ProjectFilesSnapshot {
    const contents = new Map<string, string | null>();
    for (const name of FILES) {
      const file = join(dir, name);
      contents.set(name, existsSync(file) ? readFileSync(file, 'utf8') : null);
    }
    return new ProjectFilesSnapshot(dir, contents);
  }

  /** The files that differ from the snapshot now. */
  changed(): string[] {
    return [...this.contents]
      .filter(([name, was]) => {
        const file = join(this.dir, name);
        const now = existsSync(file) ? readFileSync(file, 'utf8') : null;
        return now !== was;
      })
      .map(([name]) => name);
  }

  /** Puts back the files that changed; returns their names. */
  restore(): string[] {
    const changed = this.changed();
    for (const name of changed) {
      const was = this.contents.get(name);
      const file = join(this.dir, name);
      if (was === null || was === undefined) rmSync(file, { force: true });
      else writeFileSync(file, was);
    }
    return changed;
  }
}
