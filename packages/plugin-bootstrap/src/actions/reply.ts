import type { Action, ActionResult } from '@kith/core';
import { alwaysValid } from '../helpers/always-valid';

/**
 * Sends the text the message handler already wrote. elizaOS regenerates it
 * with a second model call; reusing it keeps a plain turn at one call.
 */
export const replyAction: Action = {
  name: 'REPLY',
  similes: ['RESPOND', 'ANSWER', 'GREET', 'REPLY_TO_MESSAGE', 'SEND_REPLY'],
  description: 'Answer the user with the text in <text>. Put it first when the agent answers.',
  priority: 100,
  validate: alwaysValid,
  handler: async (_runtime, _message, _state, _options, callback, responses): Promise<ActionResult> => {
    const content = responses?.find((r) => typeof r.content.text === 'string' && r.content.text.trim())?.content;
    if (!content?.text) return { success: false, error: 'REPLY had no text to send' };
    await callback?.({ text: content.text, thought: content.thought, actions: ['REPLY'] }, 'REPLY');
    return { success: true, text: content.text, values: { lastReply: content.text } };
  },
  examples: [
    [
      { name: '{{name1}}', content: { text: 'Hello there!' } },
      { name: '{{name2}}', content: { text: 'Hi! How can I help?', actions: ['REPLY'] } },
    ],
  ],
};
