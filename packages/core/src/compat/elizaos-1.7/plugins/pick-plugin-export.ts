import type { Plugin } from '../../../types/plugin';
import { isValidPluginShape } from './validate-plugin';

/** The export elizaOS looks at first: `@elizaos/plugin-my-thing` → `myThingPlugin`. */
export function expectedPluginExportName(pluginName: string): string {
  const base = pluginName.replace(/^@elizaos\/plugin-/, '').replace(/^@elizaos\//, '');
  return `${base.replace(/-./g, (match) => match.charAt(1).toUpperCase())}Plugin`;
}

/**
 * Finds the plugin among a module's exports: the conventionally named one,
 * then `default`, then any other; a function taking no arguments counts by
 * what it returns (a plugin factory); one that throws (a class, say) is
 * not a factory and is passed over.
 */
export function pickPluginExport(module: Record<string, unknown>, pluginName: string): Plugin | null {
  const candidates = [module[expectedPluginExportName(pluginName)], module.default, ...Object.values(module)];
  for (const candidate of candidates) {
    if (isValidPluginShape(candidate)) return candidate;
    if (typeof candidate === 'function' && candidate.length === 0) {
      const produced = callFactory(candidate as () => unknown);
      if (isValidPluginShape(produced)) return produced;
    }
  }
  return null;
}

function callFactory(factory: () => unknown): unknown {
  try {
    return factory();
  } catch {
    return undefined;
  }
}
