import type { Provider } from '@kith/core';

/** The current date and time, so the agent can reason about "today". After the conversation: it changes every turn. */
export const timeProvider: Provider = {
  name: 'TIME',
  description: 'The current date and time',
  position: 90,
  get: async () => {
    const now = new Date();
    const text = `The current date and time is ${now.toUTCString()}.`;
    return { text: `# Time\n${text}`, values: { time: now.toISOString() } };
  },
};
