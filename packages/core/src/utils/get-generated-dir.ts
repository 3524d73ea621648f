import path from 'node:path';

/**
 * Where generated files (images, audio, exports) go: KITH_GENERATED_DIR, else
 * ELIZA_DATA_DIR_GENERATED (elizaOS's name), else `<data dir>/generated` with
 * the data dir from KITH_DATA_DIR / ELIZA_DATA_DIR or `./.kith/data`.
 * Read at call time; the directory is not created here.
 */
export function getGeneratedDir(): string {
  const explicit = process.env.KITH_GENERATED_DIR || process.env.ELIZA_DATA_DIR_GENERATED;
  if (explicit) return path.resolve(explicit);
  const dataDir = process.env.KITH_DATA_DIR || process.env.ELIZA_DATA_DIR || path.join('.kith', 'data');
  return path.resolve(dataDir, 'generated');
}
