import type { Action, Plugin } from '@kith/core';

/** An action that streams a model's story, then one more chunk of its own, then sends the whole text. */
const storyAction: Action = {
  name: 'STORY',
  description: 'Tell a story, streamed',
  validate: async () => true,
  handler: async (runtime, _message, _state, options, callback) => {
    const story = await runtime.useModel('TEXT_LARGE', {
      prompt: 'Tell a short story',
      onStreamChunk: options?.onStreamChunk,
    });
    await options?.onStreamChunk?.(' The end.');
    await callback?.({ text: `${story} The end.`, actions: ['STORY'] });
    return { success: true };
  },
  examples: [],
};

/** A plugin whose STORY action streams: for tests of chunk delivery. */
export const storyPlugin: Plugin = { name: 'story', description: 'streams stories', actions: [storyAction] };
