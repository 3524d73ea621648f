import type { Action, IAgentRuntime } from '@kith/core';

/** An action the user's message names, with the parameters written after it as JSON. */
export interface NamedAction {
  name: string;
  params?: Record<string, unknown>;
  /** Required parameters the message did not give (the action would be refused). */
  missing: string[];
  /** An example of the parameters, for the hint that asks for them. */
  example: Record<string, unknown>;
}

/** The pipeline's own actions (plugin-bootstrap): ELIZA never picks those by name, so "I have no choice" stays a DOCTOR line. */
function pipelineActions(runtime: IAgentRuntime): Set<string> {
  const registrations = (
    runtime as { getPluginRegistrations?: () => { plugin: string; actions: string[] }[] }
  ).getPluginRegistrations?.();
  return new Set(registrations?.find((record) => record.plugin === 'bootstrap')?.actions ?? []);
}

/** `GET_WEATHER` → a pattern for "get_weather", "get weather", "GET-WEATHER" as whole words. */
function namePattern(name: string): RegExp {
  const words = name
    .toLowerCase()
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\w-])${words.join('[\\s_-]+')}(?![\\w-])`, 'i');
}

/** The JSON object that follows `at` in the text, when there is one. */
function jsonAfter(text: string, at: number): Record<string, unknown> | undefined {
  const start = text.indexOf('{', at);
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start || text.slice(at, start).trim() !== '') return undefined;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The plugin action the message names (its name or a simile, in any case, words joined by
 * spaces, `_` or `-`), so a plugin author without a model key sees their action run:
 * "get weather {"city": "Paris"}" picks GET_WEATHER with { city: "Paris" }. The longest name
 * wins; the pipeline's own actions are never picked.
 */
export function chooseNamedAction(runtime: IAgentRuntime, text: string): NamedAction | null {
  const excluded = pipelineActions(runtime);
  let best: { action: Action; end: number; length: number } | null = null;
  for (const action of runtime.actions ?? []) {
    if (!action?.name || excluded.has(action.name)) continue;
    for (const name of [action.name, ...(action.similes ?? [])]) {
      const match = namePattern(name).exec(text);
      if (match && (!best || match[0].length > best.length)) {
        best = { action, end: match.index + match[0].length, length: match[0].length };
      }
    }
  }
  if (!best) return null;
  const params = jsonAfter(text, best.end);
  const declared = best.action.parameters ?? [];
  const missing = declared.filter((p) => p.required && params?.[p.name] === undefined).map((p) => p.name);
  const example = Object.fromEntries(
    declared.filter((p) => p.required).map((p) => [p.name, p.examples?.[0] ?? `<${p.name}>`]),
  );
  return { name: best.action.name, ...(params ? { params } : {}), missing, example };
}
