import type { State } from '../types/state';
import { composePrompt, composePromptFromState, takesPlainPath } from './compose-prompt';
import { defaultTemplates } from './templates';

function state(values: Record<string, unknown>, providers: Record<string, { text?: unknown }> = {}, text = ''): State {
  return { values, data: { providers: providers }, text };
}

describe('composePromptFromState', () => {
  it('fills {{vars}} from state.values', () => {
    expect(composePromptFromState({ state: state({ agentName: 'Eliza' }), template: 'I am {{agentName}}.' })).toBe(
      'I am Eliza.',
    );
  });

  it('does not HTML-escape values', () => {
    const values = { text: `<b>"Tom" & 'Jerry'</b> = \`x\`` };
    expect(composePromptFromState({ state: state(values), template: '{{text}}' })).toBe(values.text);
  });

  it("fills {{vars}} from the state's other own keys too, as elizaOS does, state.values winning", () => {
    // plugin-evm sets state.supportedChains itself, then composes its transfer template.
    const s = { ...state({ agentName: 'Eliza' }), supportedChains: 'sepolia | base', agentName: 'shadowed' };
    const template = '{{agentName}} on {{supportedChains}}';
    expect(composePromptFromState({ state: s, template })).toBe('Eliza on sepolia | base');
    expect(composePromptFromState({ state: s, template: `{{#if supportedChains}}${template}{{/if}}` })).toBe(
      'Eliza on sepolia | base',
    );
    // Not text, data or values themselves.
    expect(composePromptFromState({ state: state({}, {}, 'joined'), template: '[{{text}}][{{data}}]' })).toBe('[][]');
  });

  it('renders missing values as empty strings', () => {
    expect(composePromptFromState({ state: state({}), template: '[{{missing}}]' })).toBe('[]');
  });

  it('supports {{#if}} / {{else}} and {{#each}}', () => {
    const template = '{{#if hasFacts}}Facts: {{#each facts}}{{this}};{{/each}}{{else}}none{{/if}}';
    expect(composePromptFromState({ state: state({ hasFacts: true, facts: ['a', 'b'] }), template })).toBe(
      'Facts: a;b;',
    );
    expect(composePromptFromState({ state: state({ hasFacts: false }), template })).toBe('none');
  });

  it('renders {{providers}} as the joined provider text from values', () => {
    const s = state({ providers: 'ALL PROVIDERS' }, { FACTS: { text: 'fact text' } }, 'state text');
    expect(composePromptFromState({ state: s, template: '<p>{{providers}}</p>' })).toBe('<p>ALL PROVIDERS</p>');
  });

  it('falls back to state.text for {{providers}}', () => {
    const s = state({}, {}, 'joined from state.text');
    expect(composePromptFromState({ state: s, template: '{{providers}}' })).toBe('joined from state.text');
  });

  it("renders {{providers.NAME}} as one provider's text", () => {
    const s = state(
      { providers: 'everything' },
      { FACTS: { text: 'Alice likes <tea> & cake' }, RECENT_MESSAGES: { text: 'hi' }, EMPTY: {} },
    );
    expect(
      composePromptFromState({
        state: s,
        template: '{{providers.FACTS}}|{{providers.RECENT_MESSAGES}}|{{providers.EMPTY}}|{{providers.UNKNOWN}}',
      }),
    ).toBe('Alice likes <tea> & cake|hi||');
  });

  it('renders whole-text and per-provider uses alike in templates that mix them', () => {
    const s = state({ providers: 'all' }, { FACTS: { text: 'f' } });
    expect(composePromptFromState({ state: s, template: '{{providers}} {{{providers}}} {{ providers }}' })).toBe(
      'all all all',
    );
    expect(composePromptFromState({ state: s, template: '{{providers}}|{{providers.FACTS}}' })).toBe('all|f');
    // {{#if providers}} keeps its meaning: the view is an object, so truthy even with no provider text.
    expect(
      composePromptFromState({ state: state({ providers: '' }), template: '{{#if providers}}yes{{else}}no{{/if}}' }),
    ).toBe('yes');
  });

  it('lets {{#if providers.NAME}} test for a provider', () => {
    const template = '{{#if providers.FACTS}}has facts{{else}}no facts{{/if}}';
    expect(composePromptFromState({ state: state({}, { FACTS: { text: 'x' } }), template })).toBe('has facts');
    expect(composePromptFromState({ state: state({}, { FACTS: { text: '' } }), template })).toBe('no facts');
  });

  it('accepts a function template, called with the values', () => {
    const template = ({ state: values }: { state: Record<string, unknown> }) =>
      `Hello {{name}}${values.formal ? ', sir' : ''}.`;
    expect(composePromptFromState({ state: state({ name: 'Bob', formal: true }), template })).toBe('Hello Bob, sir.');
  });

  it('gives the same output for a repeated template (compile cache)', () => {
    const s = state({ n: 1 });
    expect(composePromptFromState({ state: s, template: 'n={{n}}' })).toBe('n=1');
    expect(composePromptFromState({ state: state({ n: 2 }), template: 'n={{n}}' })).toBe('n=2');
  });

  it('does not expose prototype properties', () => {
    expect(composePromptFromState({ state: state({}), template: '[{{constructor.name}}]' })).toBe('[]');
  });
});

describe('composePrompt', () => {
  it('fills a template from a plain object without escaping', () => {
    expect(composePrompt({ state: { a: '<x>&' }, template: '{{a}}' })).toBe('<x>&');
  });

  it('supports {{#if}} and function templates', () => {
    expect(composePrompt({ state: { on: true }, template: '{{#if on}}yes{{/if}}' })).toBe('yes');
    expect(composePrompt({ state: { v: 'z' }, template: () => '[{{v}}]' })).toBe('[z]');
  });
});

describe('the plain fast path', () => {
  it('fills every default template without Handlebars', () => {
    for (const [name, template] of Object.entries(defaultTemplates))
      expect([name, takesPlainPath(template)]).toEqual([name, true]);
  });

  it('leaves templates with blocks, helpers, paths or provider parts to Handlebars', () => {
    for (const template of [
      '{{#if a}}x{{/if}}',
      '{{a.b}}',
      '{{log a}}',
      '{{providers.FACTS}}',
      '{{#each providers}}{{/each}}',
      '{{> part}}',
      '\\{{a}}',
      '{{this}}',
    ])
      expect([template, takesPlainPath(template)]).toEqual([template, false]);
    expect(takesPlainPath('<providers>{{providers}}</providers> {{agentName}}')).toBe(true);
  });
});
