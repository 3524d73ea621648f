/**
 * elizaOS warms a SHA-1 cache (computed with async WebCrypto) so its
 * synchronous `stringToUuid` can answer from it in browsers. Kith's
 * `stringToUuid` hashes synchronously with Node's crypto and keeps no cache,
 * so there is nothing to warm: this resolves at once, and `stringToUuid`
 * returns the same UUIDs with or without it.
 */
export async function prewarmUuidCache(values: string[]): Promise<void> {
  void values;
}
