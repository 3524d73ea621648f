import { join } from 'node:path';

/** The scaffold templates shipped in the package (templates/), from src/ (ts-jest) and dist/ alike. */
export const TEMPLATES_DIR = join(__dirname, '..', '..', 'templates');

/** The plugin's source files: the same for a standalone package and one inside the Kith workspace (tools/). */
export const PLUGIN_SOURCE_TEMPLATES = join(TEMPLATES_DIR, 'plugin', 'src');
