import fs from 'node:fs';
import path from 'node:path';

const SRC = __dirname;

function sources(folder: string): string[] {
  return fs
    .readdirSync(path.join(SRC, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|js)$/.test(file))
    .map((file) => path.join(folder, file));
}

/** Every relative import of a file, resolved to a path under src/. */
function imports(file: string): string[] {
  const text = fs.readFileSync(path.join(SRC, file), 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|require\(|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    found.push(path.relative(SRC, path.resolve(SRC, path.dirname(file), match[1])));
  }
  return found;
}

const inside = (target: string, folder: string): boolean =>
  target === folder || target.startsWith(`${folder}${path.sep}`);

// drizzle's own rule: a dialect folder never imports another dialect; neutral code imports neither.
describe('dialect folders', () => {
  it.each([
    ['sqlite', ['pg']],
    ['pg', ['sqlite']],
    ['shared', ['sqlite', 'pg']],
  ])('src/%s imports none of %j', (folder, forbidden) => {
    const crossings = sources(folder).flatMap((file) =>
      imports(file)
        .filter((target) => forbidden.some((other) => inside(target, other)))
        .map((target) => `${file} -> ${target}`),
    );
    expect(crossings).toEqual([]);
  });
});
