import type { Plugin } from '../../../types/plugin';

/** Loose check used when picking a plugin among a module's exports: a name and at least one part. */
export function isValidPluginShape(obj: unknown): obj is Plugin {
  if (!obj || typeof obj !== 'object') return false;
  const plugin = obj as Partial<Record<keyof Plugin, unknown>>;
  if (!plugin.name) return false;
  return Boolean(
    plugin.init || plugin.services || plugin.providers || plugin.actions || plugin.evaluators || plugin.description,
  );
}

/** elizaOS's structural check of a plugin object; `errors` lists every problem found. */
export function validatePlugin(plugin: unknown): { isValid: boolean; errors: string[] } {
  if (!plugin) return { isValid: false, errors: ['Plugin is null or undefined'] };
  const errors: string[] = [];
  const candidate = plugin as Partial<Record<keyof Plugin, unknown>>;
  if (!candidate.name) errors.push('Plugin must have a name');
  if (candidate.actions) {
    if (!Array.isArray(candidate.actions)) errors.push('Plugin actions must be an array');
    else if (candidate.actions.some((action) => typeof action !== 'object' || !action)) {
      errors.push('Plugin actions must be an array of action objects');
    }
  }
  if (candidate.services) {
    if (!Array.isArray(candidate.services)) errors.push('Plugin services must be an array');
    else if (candidate.services.some((s) => typeof s !== 'function' && (typeof s !== 'object' || !s))) {
      errors.push('Plugin services must be an array of service classes or objects');
    }
  }
  if (candidate.providers && !Array.isArray(candidate.providers)) errors.push('Plugin providers must be an array');
  if (candidate.evaluators && !Array.isArray(candidate.evaluators)) errors.push('Plugin evaluators must be an array');
  return { isValid: errors.length === 0, errors };
}
