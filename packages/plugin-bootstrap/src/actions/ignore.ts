import type { Action } from '@kith/core';
import { alwaysValid } from '../helpers/always-valid';

/** Chooses not to answer. The pipeline records the decision as an IGNORE memory. */
export const ignoreAction: Action = {
  name: 'IGNORE',
  similes: ['STOP_TALKING', 'STOP_CHATTING', 'IGNORE_MESSAGE'],
  description: 'Do not answer: the message is not for the agent, is abusive, or the conversation is over.',
  priority: 90,
  validate: alwaysValid,
  handler: async (_runtime, _message, _state, _options, callback, responses) => {
    const content = responses?.[0]?.content;
    if (callback && content) await callback({ ...content, text: undefined, actions: ['IGNORE'] }, 'IGNORE');
    return { success: true, values: { ignored: true } };
  },
  examples: [
    [
      { name: '{{name1}}', content: { text: 'Go away bot' } },
      { name: '{{name2}}', content: { text: '', actions: ['IGNORE'] } },
    ],
  ],
};
