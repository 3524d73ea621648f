import Handlebars from 'handlebars';
import type { TemplateType } from '../types/character';
import type { State } from '../types/state';

const compiled = new Map<string, HandlebarsTemplateDelegate>();
const MAX_COMPILED = 256;

function compile(template: string): HandlebarsTemplateDelegate {
  let fn = compiled.get(template);
  if (!fn) {
    fn = Handlebars.compile(template, { noEscape: true, strict: false });
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value as string);
    compiled.set(template, fn);
  }
  return fn;
}

/**
 * `{{providers}}` renders every provider's text; `{{providers.NAME}}` renders
 * one. A String object carries both: its value is the joined text and its
 * properties are the per-provider texts.
 */
function providersView(state: State): unknown {
  const joined = typeof state.values.providers === 'string' ? state.values.providers : state.text ?? '';
  const view = new String(joined) as String & Record<string, string>;
  for (const [name, result] of Object.entries(state.data?.providers ?? {})) {
    const text = (result as { text?: unknown }).text;
    view[name] = typeof text === 'string' ? text : '';
  }
  return view;
}

/** Fills a template from `state.values` (no HTML escaping). */
export function composePromptFromState({ state, template }: { state: State; template: TemplateType }): string {
  const values: Record<string, unknown> = { ...state.values, providers: providersView(state) };
  const source = typeof template === 'function' ? template({ state: values }) : template;
  return compile(source)(values, { allowProtoPropertiesByDefault: false });
}

/** Fills a template from a plain object of values. */
export function composePrompt({ state, template }: { state: Record<string, unknown>; template: TemplateType }): string {
  const source = typeof template === 'function' ? template({ state }) : template;
  return compile(source)(state);
}
