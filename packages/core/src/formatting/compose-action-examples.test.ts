import type { Action, ActionExample } from '../types/components';
import { composeActionExamples } from './compose-action-examples';

function action(name: string, examples: ActionExample[][] = [], description = `does ${name}`): Action {
  return { name, description, examples, handler: async () => undefined, validate: async () => true };
}

const reply = action('REPLY', [
  [
    { name: '{{name1}}', content: { text: 'hi' } },
    { name: '{{agentName}}', content: { text: 'hello {{name1}}', actions: ['REPLY'] } },
  ],
  [{ name: '{{user1}}', content: { text: 'second reply example' } }],
]);
const mute = action('MUTE_ROOM', [[{ name: '{{name1}}', content: { text: 'shh', action: 'MUTE_ROOM' } }]]);

describe('composeActionExamples', () => {
  it('formats conversations with names filled and actions shown', () => {
    expect(composeActionExamples([reply], 1)).toBe('\nAlice: hi\n{{agentName}}: hello Alice (actions: REPLY)');
  });

  it('takes examples round-robin across actions up to count', () => {
    const out = composeActionExamples([reply, mute], 3);
    const blocks = out.split('\n\n');
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toContain(': hi');
    expect(blocks[1]).toContain('shh (actions: MUTE_ROOM)');
    expect(blocks[2]).toContain('second reply example');
  });

  it('is deterministic', () => {
    expect(composeActionExamples([reply, mute], 3)).toBe(composeActionExamples([reply, mute], 3));
  });

  it('notices an action whose examples were replaced or added to since the last call', () => {
    const changing = action('CHANGING', [[{ name: '{{name1}}', content: { text: 'first' } }]]);
    expect(composeActionExamples([changing], 2)).toContain('first');
    changing.examples = [[{ name: '{{name1}}', content: { text: 'replaced' } }]];
    expect(composeActionExamples([changing], 2)).toContain('replaced');
    changing.examples.push([{ name: '{{name1}}', content: { text: 'added' } }]);
    expect(composeActionExamples([changing], 2)).toContain('added');
    // Another action object under the same name is not mistaken for the first.
    const namesake = action('CHANGING', [[{ name: '{{name1}}', content: { text: 'namesake' } }]]);
    expect(composeActionExamples([namesake], 2)).toContain('namesake');
  });

  it('uses different names in different examples', () => {
    const blocks = composeActionExamples([reply, mute], 2).split('\n\n');
    expect(blocks[0]).toContain('Alice: hi');
    expect(blocks[1]).toContain('Bob: shh');
  });

  it('stops when examples run out and handles empty input', () => {
    expect(composeActionExamples([reply, mute], 10).split('\n\n')).toHaveLength(3);
    expect(composeActionExamples([], 5)).toBe('');
    expect(composeActionExamples([action('NONE')], 5)).toBe('');
    expect(composeActionExamples([reply], 0)).toBe('');
  });
});
