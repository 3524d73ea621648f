import { createRequire } from 'node:module';
import { resolve, sep } from 'node:path';
import { register } from 'tsx/cjs/api';

/**
 * TypeScript and ES modules are run in-process through tsx's CommonJS API: it transpiles with
 * esbuild (every TypeScript syntax, including enums and decorators, and errors that name
 * file:line:column), needs no child process, caches transpiles on disk, and is already in the
 * tree (drizzle-kit's own loader), so it adds no new package. Node 20 cannot strip types itself.
 */
let registered = false;

const MODULE_EXTENSIONS = ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'];

/** True for the file kinds `-c` runs as code (JavaScript or TypeScript). */
export function isModuleFile(file: string): boolean {
  return MODULE_EXTENSIONS.some((extension) => file.endsWith(extension));
}

/** Forgets the loaded modules of a folder (never its node_modules), so the next import reads the files again. */
export function forgetModules(folder: string): void {
  const root = resolve(folder) + sep;
  for (const key of Object.keys(require.cache)) {
    if (key.startsWith(root) && !key.includes(`${sep}node_modules${sep}`)) delete require.cache[key];
  }
}

/**
 * Imports a JavaScript or TypeScript module (CommonJS or ESM syntax) and returns its exports.
 * tsx's hook is registered for the whole process, not in a namespace of its own: a namespaced
 * require loads the module's packages (`@elizaos/core`, that is `@kith/core`, pino) a second time,
 * and two copies of core (or of pino's internals) in one process break what they share.
 */
export function importModule(file: string): Record<string, unknown> {
  if (!registered) {
    register();
    registered = true;
  }
  return createRequire(resolve(file))(resolve(file)) as Record<string, unknown>;
}
