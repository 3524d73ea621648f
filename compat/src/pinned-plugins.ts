import { createHash } from 'node:crypto';

/**
 * The published elizaOS packages the suite installs from npm, pinned. Change
 * a version here and the install cache (keyed by this list) starts afresh.
 */
export const PINNED_PLUGINS: Readonly<Record<string, string>> = {
  '@elizaos/plugin-openai': '1.6.0',
  '@elizaos/plugin-anthropic': '1.5.12',
  '@elizaos/plugin-ollama': '1.2.4',
  '@elizaos/plugin-openrouter': '1.5.17',
  '@elizaos/plugin-knowledge': '1.6.1',
  '@elizaos/plugin-memory': '1.1.2',
  '@elizaos/plugin-mcp': '1.8.2',
  '@elizaos/plugin-starter': '1.7.2',
  '@elizaos/plugin-telegram': '1.6.4',
  '@elizaos/plugin-discord': '1.3.8',
  '@elizaos/plugin-google-genai': '1.1.0',
  '@elizaos/plugin-evm': '1.0.13',
  '@elizaos/plugin-elizacloud': '1.7.3',
  '@elizaos/plugin-groq': '1.0.4',
  '@elizaos/plugin-twitter': '1.2.22',
  '@elizaos/plugin-tee': '1.0.2',
};

/** Packages the suite reads characters from (npm pack, not installed). */
export const CHARACTER_PACKAGES: Readonly<Record<string, string>> = {
  '@elizaos/project-starter': '1.7.2',
};

/** What the install cache folder is named after: the pinned list, the install flags and Node's ABI. */
export function cacheKey(): string {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      PINNED_PLUGINS,
      CHARACTER_PACKAGES,
      flags: ['--ignore-scripts'],
      abi: process.versions.modules,
      layout: 1,
    }),
  );
  return hash.digest('hex').slice(0, 16);
}
