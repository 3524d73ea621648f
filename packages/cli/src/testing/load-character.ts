import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A character for these tests, written into `dir`: SQL, the pipeline and the
 * offline DOCTOR model, and BASIC_CAPABILITIES_KEEP_RESP so a message sent
 * while the previous one is still being answered gets its own reply instead
 * of being superseded (the promise under test is one reply decision per
 * message).
 */
export function writeLoadCharacter(dir: string): string {
  const file = join(dir, 'loadbot.json');
  writeFileSync(
    file,
    JSON.stringify({
      name: 'Loadbot',
      bio: ['A Rogerian listener that answers every message, used by the reliability tests.'],
      plugins: ['@kith/plugin-sql', '@kith/plugin-bootstrap', '@kith/plugin-eliza-classic'],
      settings: { BASIC_CAPABILITIES_KEEP_RESP: 'true' },
    }),
  );
  return file;
}
