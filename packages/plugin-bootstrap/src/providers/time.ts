import type { Provider } from '@kith/core';

/** The current date and time, so the agent can reason about "today". */
export const timeProvider: Provider = {
  name: 'TIME',
  description: 'The current date and time',
  position: -5,
  get: async () => {
    const now = new Date();
    const text = `The current date and time is ${now.toUTCString()}.`;
    return { text: `# Time\n${text}`, values: { time: now.toISOString() } };
  },
};
