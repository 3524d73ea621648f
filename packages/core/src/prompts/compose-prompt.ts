import Handlebars from 'handlebars';
import { logger } from '../logger/logger';
import type { TemplateType } from '../types/character';
import type { State } from '../types/state';
import { BoundedMap } from '../maps/bounded-map';
import { fillTemplateVariables } from './fill-template-variables';

interface CompiledTemplate {
  /** Undefined when the template does not parse: it is filled by fillTemplateVariables instead. */
  render?: HandlebarsTemplateDelegate;
  /**
   * For a template made of text and `{{name}}` references only (the default
   * ones are): its text pieces and the names between them, filled without
   * Handlebars (several times faster; the message-handler prompt is built
   * every turn). Undefined for anything else.
   */
  plain?: (string | { name: string })[];
  /** Whether a failure of this template was logged already (once per template, not per prompt). */
  warned: boolean;
}

const MAX_COMPILED = 256;
// FIFO: templates are few and fixed per agent; a read need not reorder.
const compiled = new BoundedMap<string, CompiledTemplate>(MAX_COMPILED);

function warnOnce(entry: CompiledTemplate, template: string, error: unknown): void {
  if (entry.warned) return;
  entry.warned = true;
  // Handlebars puts the position on the following lines of its parse errors.
  const reason = error instanceof Error ? error.message.replace(/\s*\n[\s\S]*$/, '').replace(/:$/, '') : String(error);
  const detail = error instanceof Error ? error.message : String(error);
  logger.warn(
    { detail, template: template.length > 200 ? `${template.slice(0, 200)}…` : template },
    `Prompt template could not be rendered by Handlebars (${reason}); filled its plain {{variables}} only. Fix the template's Handlebars syntax.`,
  );
}

function compile(template: string): CompiledTemplate {
  let entry = compiled.get(template);
  if (!entry) {
    entry = { warned: false };
    // Parsing eagerly (compile() is lazy) finds a syntax error once per template, not on every prompt.
    try {
      entry.render = Handlebars.compile(Handlebars.parse(template), { noEscape: true, strict: false });
      entry.plain = plainParts(template);
    } catch (error) {
      warnOnce(entry, template, error);
    }
    compiled.set(template, entry);
  }
  return entry;
}

/** Names Handlebars reads as the context or a literal, not as a value. */
const KEYWORDS = new Set(['this', 'true', 'false', 'null', 'undefined']);
/** `{{name}}` or `{{{name}}}`: a reference to one top-level value. */
const PLAIN_REFERENCE = /\{\{(\{?)\s*([A-Za-z_$][\w$-]*)\s*(\}?)\}\}/g;

/**
 * The pieces of a template that Handlebars would render as plain
 * substitution, or undefined: any other mustache (blocks, helpers, paths,
 * comments, whitespace control), an escaped one, or a name Handlebars would
 * call as a helper makes the template go through Handlebars.
 */
function plainParts(template: string): (string | { name: string })[] | undefined {
  const parts: (string | { name: string })[] = [];
  let last = 0;
  for (const match of template.matchAll(PLAIN_REFERENCE)) {
    const [whole, open, name, close] = match;
    const text = template.slice(last, match.index);
    if (
      open !== close ||
      text.endsWith('\\') ||
      KEYWORDS.has(name) ||
      Object.prototype.hasOwnProperty.call(Handlebars.helpers, name)
    )
      return undefined;
    parts.push(text, { name });
    last = match.index + whole.length;
  }
  parts.push(template.slice(last));
  return parts.some((part) => typeof part === 'string' && part.includes('{{')) ? undefined : parts;
}

/**
 * Fills a plain template (see plainParts) as Handlebars would: own properties
 * only, null and undefined as nothing, strings as written. Undefined for any
 * other value (Handlebars calls functions, and adds numbers that follow each
 * other: "{{a}}{{b}}" with 1 and 2 gives "3"): Handlebars renders it then.
 */
function renderPlain(
  parts: (string | { name: string })[],
  values: Record<string, unknown>,
  overrides: Record<string, unknown>,
): string | undefined {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const value = Object.prototype.hasOwnProperty.call(overrides, part.name)
      ? overrides[part.name]
      : Object.prototype.hasOwnProperty.call(values, part.name)
        ? values[part.name]
        : undefined;
    if (typeof value === 'string') out += value;
    else if (value !== undefined && value !== null) return undefined;
    // A helper registered since the template was compiled takes the name over in Handlebars.
    if (Object.prototype.hasOwnProperty.call(Handlebars.helpers, part.name)) return undefined;
  }
  return out;
}

/**
 * Renders with Handlebars; a template that does not parse, or that fails at
 * render time (a block helper without its argument, a missing partial, a
 * value that cannot become text), degrades to plain variable filling rather
 * than failing the turn.
 */
function fill(
  template: unknown,
  values: Record<string, unknown>,
  options?: Handlebars.RuntimeOptions,
  overrides: Record<string, unknown> = {},
): string {
  if (typeof template !== 'string') {
    logger.warn(
      { templateType: typeof template },
      'Prompt template is not a string; rendered an empty prompt. Pass a string or a function returning one.',
    );
    return '';
  }
  const entry = compile(template);
  if (entry.render) {
    try {
      const plain = entry.plain && renderPlain(entry.plain, values, overrides);
      if (plain !== undefined) return plain;
      return entry.render(Object.keys(overrides).length > 0 ? { ...values, ...overrides } : values, options);
    } catch (error) {
      warnOnce(entry, template, error);
    }
  }
  return fillTemplateVariables(template, values);
}

/**
 * `{{providers}}` renders every provider's text; `{{providers.NAME}}` renders
 * one. A String object carries both: its value is the joined text and its
 * properties are the per-provider texts.
 */
function providersView(state: State): unknown {
  const joined = typeof state.values.providers === 'string' ? state.values.providers : (state.text ?? '');
  // eslint-disable-next-line @typescript-eslint/no-wrapper-object-types -- a String object on purpose: it renders as the joined text and carries per-provider properties
  const view = new String(joined) as String & Record<string, string>;
  for (const [name, result] of Object.entries(state.data?.providers ?? {})) {
    // A String's own `length` and character indexes are read-only: a provider with such a name is not addressable.
    if (Object.getOwnPropertyDescriptor(view, name)?.writable === false) continue;
    const text = (result as { text?: unknown } | null | undefined)?.text;
    Object.defineProperty(view, name, {
      value: typeof text === 'string' ? text : '',
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return view;
}

const PLAIN_PROVIDERS = /\{\{\{?\s*providers\s*\}?\}\}/g;
/** A mustache (or partial, whose text is elsewhere) that may read `providers`. */
const PROVIDERS_MUSTACHE = /\{\{[^}]*providers|\{\{~?\s*#?>/;
const usesProviderParts = new BoundedMap<string, boolean>(MAX_COMPILED);

/**
 * Whether a template may look at `providers` other than as the whole text
 * (`{{providers.NAME}}`, `{{#if providers}}`, `{{#each providers}}`...).
 * Most templates use only `{{providers}}`, and building the per-provider
 * view for every prompt was a measurable part of a turn.
 */
function needsProvidersView(template: string): boolean {
  let needs = usesProviderParts.get(template);
  if (needs === undefined) {
    // The word alone is not enough: the default template has <providers> tags in its text.
    needs = PROVIDERS_MUSTACHE.test(template.replace(PLAIN_PROVIDERS, ''));
    usesProviderParts.set(template, needs);
  }
  return needs;
}

/** Whether composePromptFromState fills this template without Handlebars (for tests: the default templates must). */
export function takesPlainPath(template: string): boolean {
  return !needsProvidersView(template) && compile(template).plain !== undefined;
}

/**
 * What a template reads: `state.values`, over the state's other own keys, as elizaOS does (a plugin
 * may set `state.supportedChains` itself before composing, as plugin-evm does).
 */
function templateValues(state: State): Record<string, unknown> {
  let own: Record<string, unknown> | undefined;
  for (const key of Object.keys(state)) {
    if (key !== 'values' && key !== 'data' && key !== 'text') (own ??= {})[key] = state[key];
  }
  return own ? { ...own, ...state.values } : state.values;
}

/** Fills a template from `state.values` and the state's other own keys (no HTML escaping). Never throws for a string template. */
export function composePromptFromState({ state, template }: { state: State; template: TemplateType }): string {
  if (typeof template === 'string' && !needsProvidersView(template)) {
    const joined = typeof state.values.providers === 'string' ? state.values.providers : (state.text ?? '');
    return fill(template, templateValues(state), { allowProtoPropertiesByDefault: false }, { providers: joined });
  }
  const values: Record<string, unknown> = { ...templateValues(state), providers: providersView(state) };
  const source = typeof template === 'function' ? template({ state: values }) : template;
  return fill(source, values, { allowProtoPropertiesByDefault: false });
}

/** Fills a template from a plain object of values. Never throws for a string template. */
export function composePrompt({ state, template }: { state: Record<string, unknown>; template: TemplateType }): string {
  const source = typeof template === 'function' ? template({ state }) : template;
  return fill(source, state);
}
