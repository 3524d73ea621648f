/** `{{name}}`, `{{{name}}}`, `{{ a.b.c }}`: the mustaches that are plain variable references. */
const VARIABLE = /\{\{\{?\s*([A-Za-z_$][\w$-]*(?:\.[A-Za-z_$0-9][\w$-]*)*)\s*\}?\}\}/g;

/** Own properties only, as Handlebars does by default: `{{constructor}}` reaches nothing. */
function lookup(values: Record<string, unknown>, path: string): unknown {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if ((typeof current !== 'object' && typeof current !== 'function') || current === null) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Text of a value as Handlebars prints it, without throwing on objects that have no toString. */
function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * The fallback for a template Handlebars cannot render: replaces each plain
 * variable reference with its value (one pass, so Handlebars syntax inside a
 * value stays literal) and leaves every other mustache (blocks, helpers,
 * partials) as written, so the broken part remains visible in the prompt.
 */
export function fillTemplateVariables(template: string, values: Record<string, unknown>): string {
  return template.replace(VARIABLE, (_match, path: string) => asText(lookup(values, path)));
}
