import type { Character } from '../types/character';

/** A character with elizaOS's defaults filled in: empty settings, plugins and bio, and a name. */
export function mergeCharacterDefaults(char: Partial<Character>): Character {
  return { settings: {}, plugins: [], bio: [], ...char, name: char.name || 'Unnamed Character' };
}

const set = (env: Record<string, string | undefined>, key: string): boolean => Boolean(env[key]?.trim());

/**
 * elizaOS's plugin list for an agent from the keys in the environment: the
 * database, the model plugins whose keys are set, the platforms, bootstrap
 * (unless IGNORE_BOOTSTRAP), Ollama when no model key is set. `kith start`
 * replaces @elizaos/plugin-sql and -bootstrap with Kith's own, and chooses
 * the model itself when a character lists none.
 */
export function buildCharacterPlugins(env: Record<string, string | undefined> = process.env): string[] {
  const modelKeys = ['ANTHROPIC_API_KEY', 'OPENROUTER_API_KEY', 'OPENAI_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY'];
  const twitter = ['TWITTER_API_KEY', 'TWITTER_API_SECRET_KEY', 'TWITTER_ACCESS_TOKEN', 'TWITTER_ACCESS_TOKEN_SECRET'];
  const ignoreBootstrap = ['true', '1', 'yes'].includes(env.IGNORE_BOOTSTRAP?.trim().toLowerCase() ?? '');
  return [
    '@elizaos/plugin-sql',
    ...(set(env, 'ANTHROPIC_API_KEY') ? ['@elizaos/plugin-anthropic'] : []),
    ...(set(env, 'OPENROUTER_API_KEY') ? ['@elizaos/plugin-openrouter'] : []),
    ...(set(env, 'OPENAI_API_KEY') ? ['@elizaos/plugin-openai'] : []),
    ...(set(env, 'GOOGLE_GENERATIVE_AI_API_KEY') ? ['@elizaos/plugin-google-genai'] : []),
    ...(set(env, 'DISCORD_API_TOKEN') ? ['@elizaos/plugin-discord'] : []),
    ...(twitter.every((key) => set(env, key)) ? ['@elizaos/plugin-twitter'] : []),
    ...(set(env, 'TELEGRAM_BOT_TOKEN') ? ['@elizaos/plugin-telegram'] : []),
    ...(ignoreBootstrap ? [] : ['@elizaos/plugin-bootstrap']),
    ...(modelKeys.some((key) => set(env, key)) ? [] : ['@elizaos/plugin-ollama']),
  ];
}

/** Whether the character carries any `settings.secrets`. */
export function hasCharacterSecrets(character: Character): boolean {
  const secrets = (character?.settings as { secrets?: unknown } | undefined)?.secrets;
  return typeof secrets === 'object' && secrets !== null && Object.keys(secrets).length > 0;
}

/**
 * Copies the process environment into `settings.secrets`, the character's own
 * values winning (elizaOS does this at start). `allowed` limits the variables
 * copied. Resolves false when asked to skip.
 */
export async function setDefaultSecretsFromEnv(
  character: Character,
  options: { skipEnvMerge?: boolean; allowed?: ReadonlySet<string> | null } = {},
): Promise<boolean> {
  if (options.skipEnvMerge) return false;
  const fromEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && (!options.allowed || options.allowed.has(key))) fromEnv[key] = value;
  }
  const settings = (character.settings ??= {}) as Record<string, unknown>;
  const own = typeof settings.secrets === 'object' && settings.secrets !== null ? settings.secrets : {};
  settings.secrets = { ...fromEnv, ...own };
  return Promise.resolve(true);
}
