import type { Provider } from '@kith/core';
import { optionsOf, pendingChoicesForTurn, shortTaskId } from '../helpers/pending-choices';

/**
 * Choices waiting for an answer in this room (tasks tagged AWAITING_CHOICE).
 * elizaOS marks it dynamic, so its model never sees a pending choice unless
 * it asks; here it runs every turn but is one indexed read and adds nothing
 * to the prompt when no choice is pending.
 */
export const choiceProvider: Provider = {
  name: 'CHOICE',
  description: 'Pending choices the user can answer',
  position: 70,
  get: async (runtime, message) => {
    const tasks = await pendingChoicesForTurn(runtime, message);
    if (tasks.length === 0) return { values: { tasks: '' }, data: { tasks: [] } };
    const blocks = tasks.map((task) => {
      const options = optionsOf(task).map((o) => `  - ${o.name}${o.description ? `: ${o.description}` : ''}`);
      return [
        `- ${task.name} [${shortTaskId(task)}]${task.description ? `: ${task.description}` : ''}`,
        ...options,
      ].join('\n');
    });
    const text = `# Pending Choices\n${blocks.join('\n')}\nWhen the user picks an option (or ABORT), use CHOICE with that option and the task id.`;
    return { text, values: { tasks: text }, data: { tasks } };
  },
};
