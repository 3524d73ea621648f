import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHARACTER_PACKAGES } from './pinned-plugins';

/**
 * The default character elizaOS ships in @elizaos/project-starter (its
 * dist/index.js), as that project would build it with `env`: its plugins list
 * depends on which keys are set, exactly as in elizaOS.
 */
export function projectStarterCharacter(
  project: string,
  env: Record<string, string | undefined>,
): Record<string, unknown> {
  const version = CHARACTER_PACKAGES['@elizaos/project-starter'];
  const source = readFileSync(
    join(project, 'characters', `@elizaos+project-starter@${version}`, 'dist', 'index.js'),
    'utf8',
  );
  const start = source.indexOf('var character = {');
  const end = source.indexOf('\n};', start);
  if (start < 0 || end < 0) throw new Error('@elizaos/project-starter: no `var character = {...};` in dist/index.js');
  const literal = source.slice(start + 'var character = '.length, end + 2);
  // The literal reads process.env only; evaluate it against the given environment.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the starter's own source, pinned by the suite
  return new Function('process', `return (${literal});`)({ env }) as Record<string, unknown>;
}
