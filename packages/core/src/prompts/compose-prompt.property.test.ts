import fc from 'fast-check';
import Handlebars from 'handlebars';
import { logger } from '../logger/logger';
import type { State } from '../types/state';
import { composePrompt, composePromptFromState } from './compose-prompt';

const SETTINGS = { seed: 20261122, numRuns: 300 };

/** Handlebars syntax, valid and broken: blocks without ends, helpers without arguments, partials, comments, prototype paths. */
const HANDLEBARS = [
  '{{',
  '}}',
  '{{{',
  '}}}',
  '{{name}}',
  '{{{name}}}',
  '{{ name }}',
  '{{#if name}}',
  '{{#if}}',
  '{{/if}}',
  '{{else}}',
  '{{^}}',
  '{{#unless name}}',
  '{{/unless}}',
  '{{#each list}}',
  '{{#each}}',
  '{{/each}}',
  '{{this}}',
  '{{@index}}',
  '{{@root.name}}',
  '{{../name}}',
  '{{#with name}}',
  '{{#with}}',
  '{{/with}}',
  '{{lookup}}',
  '{{lookup name "x"}}',
  '{{log}}',
  '{{missingHelper name}}',
  '{{> partial}}',
  '{{#> layout}}',
  '{{!-- comment --}}',
  '{{!',
  '\\{{name}}',
  '{{constructor}}',
  '{{constructor.name}}',
  '{{__proto__}}',
  '{{__proto__.polluted}}',
  '{{#with __proto__}}{{/with}}',
  '{{__defineGetter__}}',
  '{{name.length}}',
  '{{providers}}',
  '{{providers.FACTS}}',
  '{{providers.constructor}}',
  '{{#each providers}}{{/each}}',
  '{{&name}}',
  '{{=<% %>=}}',
  '{{"x"}}',
  '{{1}}',
  '{{[weird key]}}',
];
const templateSoup = fc
  .array(fc.oneof(fc.constantFrom(...HANDLEBARS), fc.string({ maxLength: 10 })), { maxLength: 30 })
  .map((parts) => parts.join(''));
const anyTemplate = fc.oneof(
  templateSoup,
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
);

/** Values as providers produce them, plus hostile ones: handlebars in strings, null-prototype objects, getters-free junk. */
const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  templateSoup,
  fc.anything({
    maxDepth: 2,
    withNullPrototype: true,
    withBoxedValues: true,
    withMap: true,
    withSet: true,
    withSparseArray: true,
  }),
);
const hostileKeys = fc.constantFrom(
  'name',
  'list',
  'providers',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'polluted',
  'this',
);
const values = fc.dictionary(fc.oneof(hostileKeys, fc.string({ maxLength: 8 })), value, { maxKeys: 8 });

function toState(stateValues: Record<string, unknown>, providers: Record<string, unknown> = {}, text = ''): State {
  return { values: stateValues, data: { providers: providers as State['data']['providers'] }, text };
}

function expectNoPollution(): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
}

/** Keys a template can reference as {{key}} that are not Handlebars helpers or keywords. */
const HELPERS = new Set([
  'if',
  'unless',
  'each',
  'with',
  'lookup',
  'log',
  'else',
  'this',
  'true',
  'false',
  'null',
  'undefined',
  'helperMissing',
  'blockHelperMissing',
  'providers',
]);
const templateKey = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}$/).filter((key) => !HELPERS.has(key));

describe('composePromptFromState / composePrompt properties', () => {
  const level = logger.level;
  beforeAll(() => {
    // Broken templates warn by design; {{log}} prints through console. Neither is what is tested here.
    logger.level = 'silent';
    for (const method of ['log', 'info', 'warn', 'error'] as const)
      jest.spyOn(console, method).mockImplementation(() => undefined);
  });
  afterAll(() => {
    logger.level = level;
    jest.restoreAllMocks();
  });

  it('never throw on any template string with any state values', () => {
    fc.assert(
      fc.property(
        anyTemplate,
        values,
        fc.dictionary(fc.string({ maxLength: 8 }), fc.record({ text: value })),
        fc.string({ maxLength: 20 }),
        (template, stateValues, providers, text) => {
          expect(typeof composePromptFromState({ state: toState(stateValues, providers, text), template })).toBe(
            'string',
          );
          expect(typeof composePrompt({ state: stateValues, template })).toBe('string');
          expectNoPollution();
        },
      ),
      SETTINGS,
    );
  });

  it('never throw on deeply nested or long templates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.boolean(),
        fc.constantFrom('{{#if name}}', '{{#each list}}', '{{#with name}}', '{{{{raw}}}}'),
        (depth, closed, open) => {
          const close = open.startsWith('{{{{') ? '{{{{/raw}}}}' : `{{/${open.slice(3).split(/[ }]/)[0]}}}`;
          const template = open.repeat(depth) + '{{name}}' + (closed ? close.repeat(depth) : '');
          expect(typeof composePromptFromState({ state: toState({ name: 'n', list: [1] }), template })).toBe('string');
        },
      ),
      { ...SETTINGS, numRuns: 20 },
    );
    const long = fc.sample(templateSoup, { seed: 5, numRuns: 500 }).join('');
    expect(typeof composePromptFromState({ state: toState({ name: 'x' }), template: long })).toBe('string');
  });

  it('put referenced string values in verbatim: no HTML escaping, no second Handlebars pass', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          templateKey,
          fc.oneof(
            fc.string({ maxLength: 40 }),
            templateSoup,
            fc.constantFrom('<b>&amp;"\'`=</b>', '{{name}}', '{{#if x}}', '}}{{'),
          ),
          { minKeys: 1, maxKeys: 6 },
        ),
        (stateValues) => {
          const keys = Object.keys(stateValues);
          const template = keys.map((key) => `[${key}]={{${key}}};`).join('\n');
          const expected = keys.map((key) => `[${key}]=${stateValues[key]};`).join('\n');
          expect(composePromptFromState({ state: toState(stateValues), template })).toBe(expected);
          expect(composePrompt({ state: stateValues, template })).toBe(expected);
        },
      ),
      SETTINGS,
    );
  });

  it('render exactly what Handlebars renders, whether or not the template takes the plain fast path', () => {
    const plainSoup = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            '{{name}}',
            '{{{name}}}',
            '{{ list }}',
            '{{providers}}',
            '{{log}}',
            '{{this}}',
            '{{true}}',
            '{{constructor}}',
            '\\{{name}}',
            '{{{name}}',
            '}}',
          ),
          fc.string({ maxLength: 10 }),
        ),
        { maxLength: 20 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        fc.oneof(plainSoup, templateSoup),
        values,
        fc.string({ maxLength: 20 }),
        (template, stateValues, text) => {
          let expected: string;
          try {
            const joined = typeof stateValues.providers === 'string' ? stateValues.providers : text;
            expected = Handlebars.compile(template, { noEscape: true, strict: false })(
              { ...stateValues, providers: joined },
              { allowProtoPropertiesByDefault: false },
            );
          } catch {
            return; // Handlebars fails: the fallback fills plain variables instead (tested above).
          }
          expect(composePromptFromState({ state: toState(stateValues, {}, text), template })).toBe(expected);
        },
      ),
      { ...SETTINGS, numRuns: 1000 },
    );
  });

  it('render {{providers.NAME}} as that provider text, verbatim', () => {
    fc.assert(
      fc.property(templateKey, fc.string({ maxLength: 60 }), (name, text) => {
        const state = toState({}, { [name]: { text } });
        expect(composePromptFromState({ state, template: `<${name}>{{providers.${name}}}</${name}>` })).toBe(
          `<${name}>${text}</${name}>`,
        );
      }),
      SETTINGS,
    );
  });

  it('leave text without mustaches unchanged', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }).filter((text) => !text.includes('{{') && !text.includes('\\')),
        values,
        (template, stateValues) => {
          expect(composePromptFromState({ state: toState(stateValues), template })).toBe(template);
        },
      ),
      SETTINGS,
    );
  });

  it('still fill simple {{name}} variables in a malformed template', () => {
    fc.assert(
      fc.property(
        templateKey,
        fc.string({ maxLength: 30 }),
        fc.constantFrom(
          '{{#if}}',
          '{{#each list}} never closed',
          '{{/if}}',
          '{{> missing}}',
          '{{missingHelper x}}',
          '{{#with}}{{/with}}',
        ),
        (key, text, broken) => {
          const out = composePromptFromState({ state: toState({ [key]: text }), template: `A {{${key}}} ${broken} B` });
          expect(out.startsWith(`A ${text} `)).toBe(true);
          expect(out.endsWith(' B')).toBe(true);
        },
      ),
      { ...SETTINGS, numRuns: 100 },
    );
  });

  it('warns once per broken template, naming the Handlebars problem and the fix', () => {
    const warn = jest.spyOn(logger, 'warn');
    const template = `{{#if}} broken ${Date.now()}`;
    composePromptFromState({ state: toState({}), template });
    composePromptFromState({ state: toState({}), template });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[1])).toMatch(/Parse error.*Fix the template's Handlebars syntax/);
    warn.mockRestore();
  });

  it("skip providers named like a String's read-only properties instead of throwing", () => {
    const state = toState({ providers: 'all' }, { length: { text: 'L' }, 0: { text: 'zero' }, FACTS: { text: 'f' } });
    expect(composePromptFromState({ state, template: '{{providers}}|{{providers.FACTS}}' })).toBe('all|f');
  });
});
