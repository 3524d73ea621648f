import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/**
 * A package's README is what npm shows and what its tarball carries; the
 * repository's docs/ and sibling packages are in neither. So its links either
 * are URLs (repository ones naming files that exist here) or stay inside the
 * package, on files the tarball ships.
 */

const REPO = resolve(__dirname, '../../../..');
const REPOSITORY_URL = /^https:\/\/github\.com\/kith-ai\/kith\/(?:blob|tree)\/main\/([^#?]*)/;
const PACKAGES = readdirSync(join(REPO, 'packages')).filter((dir) =>
  existsSync(join(REPO, 'packages', dir, 'README.md')),
);
/** `[text](target)`, images included; the target up to the first space or closing parenthesis. */
const LINK = /\[[^\]]*\]\(([^)\s]+)[^)]*\)/g;

interface PackageFiles {
  files?: string[];
}

/** Whether npm packs `path` (relative to the package): always-shipped files, or under a positive "files" entry. */
function isShipped(path: string, pkg: PackageFiles): boolean {
  if (/^(README|LICENSE)(\.md)?$|^package\.json$/i.test(path)) return true;
  return (pkg.files ?? [])
    .filter((entry) => !entry.startsWith('!'))
    .some((entry) => path === entry || path.startsWith(`${entry.replace(/\/$/, '')}/`));
}

describe("packages' READMEs link only to what their readers can open", () => {
  it.each(PACKAGES)('packages/%s/README.md', (dir) => {
    const root = join(REPO, 'packages', dir);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageFiles;
    const broken: string[] = [];
    for (const [, target] of readme.matchAll(LINK)) {
      if (target.startsWith('#') || target.startsWith('mailto:')) continue;
      const inRepo = REPOSITORY_URL.exec(target);
      if (inRepo) {
        if (!existsSync(join(REPO, decodeURIComponent(inRepo[1]))))
          broken.push(`${target}: no ${inRepo[1]} in the repository`);
        continue;
      }
      if (/^https?:\/\//.test(target)) continue;
      const path = relative(root, resolve(root, target.split('#')[0]));
      if (path.split(sep)[0] === '..')
        broken.push(`${target}: outside the package (not in its tarball); link it by URL`);
      else if (!existsSync(join(root, path)) || !isShipped(path.split(sep).join('/'), pkg))
        broken.push(`${target}: not a file the tarball ships`);
    }
    // A docs page named in plain text is one the reader cannot open from npm either.
    const unlinked = readme.replace(LINK, '').match(/\bdocs\/[\w-]+\.md\b/g) ?? [];
    for (const mention of unlinked) broken.push(`${mention}: named without a link; link it by URL`);
    expect(broken).toEqual([]);
  });
});
