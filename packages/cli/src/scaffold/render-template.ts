import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Template values: every `<%- key %>` in a template names one of them. */
export type TemplateValues = Record<string, string>;

const PLACEHOLDER = /<%-\s*([A-Za-z_][A-Za-z0-9_]*)\s*%>/g;

/**
 * Fills `<%- key %>` placeholders, the one form of EJS the scaffold templates
 * use (so Nx's generateFiles renders the same files). An unknown key throws:
 * a template and its values must agree.
 */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (_match, key: string) => {
    if (!(key in values)) throw new Error(`template placeholder "${key}" has no value`);
    return values[key];
  });
}

/** Files under `folder`, relative to it, sorted. */
function listFiles(folder: string, prefix = ''): string[] {
  return readdirSync(join(folder, prefix), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? listFiles(folder, join(prefix, entry.name)) : [join(prefix, entry.name)],
    )
    .sort();
}

/**
 * Renders every file of a template folder into `target` (dropping the
 * `.template` suffix; `renames` maps other file names, e.g. `gitignore` to
 * `.gitignore`, which npm would leave out of the CLI's own tarball). Returns
 * the written paths, relative to `base`.
 */
export function renderTemplateFolder(
  folder: string,
  target: string,
  values: TemplateValues,
  base: string,
  renames: Record<string, string> = {},
): string[] {
  const written: string[] = [];
  for (const file of listFiles(folder)) {
    const stripped = file.replace(/\.template$/, '');
    const name = renames[stripped] ?? stripped;
    const destination = join(target, name);
    if (existsSync(destination)) throw new Error(`${destination} already exists`);
    mkdirSync(dirname(destination), { recursive: true });
    writeFileSync(destination, renderTemplate(readFileSync(join(folder, file), 'utf8'), values));
    written.push(relative(base, destination) || name);
  }
  return written;
}
