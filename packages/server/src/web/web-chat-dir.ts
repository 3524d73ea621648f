import path from 'node:path';

/**
 * The web chat page's folder (plain HTML, CSS and one ES module; no build
 * step). It ships beside `dist/` in the package, and sits beside `src/` in the
 * repository, so the same relative path works from both.
 */
export const WEB_CHAT_DIR = path.resolve(__dirname, '..', '..', 'web');
