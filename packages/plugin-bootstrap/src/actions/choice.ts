import type { Action, ActionResult, Task } from '@kith/core';
import { reportOutcome } from '../helpers/report-outcome';
import {
  mayChoose,
  optionsOf,
  pendingChoices,
  pendingChoicesForTurn,
  shortTaskId,
  type ChoiceOption,
} from '../helpers/pending-choices';

interface ChoiceParameters {
  option: string;
  taskId?: string;
}

const ABORT = 'ABORT';

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The task the answer is for: named by (short) id, else the only one, else the only one offering the option. */
function pickTask(tasks: Task[], params: ChoiceParameters): Task | null {
  const wanted = params.taskId?.trim().toLowerCase();
  if (wanted) return tasks.find((t) => t.id?.toLowerCase().startsWith(wanted)) ?? null;
  if (tasks.length === 1) return tasks[0];
  const offering = tasks.filter((t) => optionsOf(t).some((o) => sameName(o.name, params.option)));
  return offering.length === 1 ? offering[0] : null;
}

function listOptions(options: ChoiceOption[]): string {
  return options.map((o) => o.name).join(', ');
}

/**
 * Resolves a pending choice (a task tagged AWAITING_CHOICE with options) from
 * the user's answer: runs the task's worker with the chosen option and
 * deletes the task. ABORT cancels it.
 */
export const choiceAction: Action = {
  name: 'CHOICE',
  similes: ['SELECT_OPTION', 'SELECT', 'PICK', 'CHOOSE', 'DECIDE'],
  description: 'Pick the option the user chose for a pending choice (ABORT cancels it).',
  priority: 50,
  parameters: [
    { name: 'option', description: 'The chosen option name, or ABORT', required: true, schema: { type: 'string' } },
    { name: 'taskId', description: 'Id (or first 8 characters) of the pending task', schema: { type: 'string' } },
  ],
  validate: async (runtime, message) => {
    const tasks = await pendingChoicesForTurn(runtime, message);
    for (const task of tasks) if (await mayChoose(runtime, message, task)) return true;
    return false;
  },
  handler: async (runtime, message, _state, options, callback, responses): Promise<ActionResult> => {
    const params = options?.parameters as ChoiceParameters | undefined;
    if (!params?.option) return { success: false, error: 'CHOICE needs an option' };
    const tasks = await pendingChoices(runtime, message.roomId);
    const task = pickTask(tasks, params);
    if (!task?.id) {
      const text =
        tasks.length > 1
          ? `Which one? Pending: ${tasks.map((t) => `${t.name} (${shortTaskId(t)})`).join(', ')}.`
          : 'There is no pending choice to answer.';
      await reportOutcome(callback, responses, 'CHOICE', text, false);
      return { success: false, error: text };
    }
    if (!(await mayChoose(runtime, message, task))) {
      const text = 'Only the person asked, or an admin, can answer this choice.';
      await reportOutcome(callback, responses, 'CHOICE', text, false);
      return { success: false, error: text };
    }
    if (sameName(params.option, ABORT)) {
      await runtime.deleteTask(task.id);
      await reportOutcome(callback, responses, 'CHOICE', `Cancelled "${task.name}".`, true);
      return {
        success: true,
        text: `Cancelled ${task.name}`,
        values: { selectedOption: ABORT },
        data: { taskId: task.id },
      };
    }
    const option = optionsOf(task).find((o) => sameName(o.name, params.option));
    if (!option) {
      const text = `"${params.option}" is not an option for ${task.name}. Options: ${listOptions(optionsOf(task))}.`;
      await reportOutcome(callback, responses, 'CHOICE', text, false);
      return { success: false, error: text };
    }
    const worker = runtime.getTaskWorker(task.name);
    if (!worker) {
      runtime.logger.error({ task: task.name }, `CHOICE: no task worker named ${task.name} is registered`);
      return { success: false, error: `No task worker named ${task.name}` };
    }
    await worker.execute(runtime, { option: option.name }, task);
    await runtime.deleteTask(task.id);
    await reportOutcome(callback, responses, 'CHOICE', `Selected "${option.name}" for ${task.name}.`, true);
    return {
      success: true,
      text: `Selected ${option.name} for ${task.name}`,
      values: { selectedOption: option.name },
      data: { taskId: task.id, option: option.name },
    };
  },
  examples: [
    [
      { name: '{{name1}}', content: { text: 'post it' } },
      { name: '{{name2}}', content: { text: 'Posting now.', actions: ['REPLY', 'CHOICE'] } },
    ],
  ],
};
