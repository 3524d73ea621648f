import { validateActionParameters, type IAgentRuntime, type Memory, type UUID } from '@kith/core';

/** What a `/action` line produced: the action's own messages, or one line saying what went wrong. */
export interface ActionLineReply {
  text: string;
  actions: string[];
  thought: string;
}

const note = (text: string): ActionLineReply[] => [{ text: `(${text})`, actions: [], thought: '' }];

/** True for a line the terminal chat runs as an action instead of sending it. */
export const isActionLine = (line: string): boolean => /^\/action(\s|$)/.test(line.trim());

/**
 * `/action NAME {json}`: runs one of the agent's actions directly with those parameters (checked
 * against its `parameters`, defaults applied), whatever the model would choose, so a plugin author
 * sees an action work without a model key. Its callback messages are the replies.
 */
export async function runActionLine(
  runtime: IAgentRuntime,
  line: string,
  where: { entityId: UUID; roomId: UUID; source: string },
): Promise<ActionLineReply[]> {
  const match = /^\/action\s+(\S+)\s*([\s\S]*)$/.exec(line.trim());
  const available = runtime.actions.map((action) => action.name).join(', ');
  if (!match) return note(`usage: /action NAME {"parameter": "value"}; this agent's actions: ${available}`);
  const [, wanted, json] = match;
  const upper = wanted.toUpperCase();
  const action = runtime.actions.find(
    (candidate) => candidate.name.toUpperCase() === upper || candidate.similes?.some((s) => s.toUpperCase() === upper),
  );
  if (!action) return note(`no action "${wanted}"; this agent's actions: ${available}`);
  let input: Record<string, unknown> = {};
  if (json.trim()) {
    try {
      const value: unknown = JSON.parse(json);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SyntaxError('not an object');
      input = value as Record<string, unknown>;
    } catch {
      return note(
        `the parameters after ${action.name} must be one JSON object, e.g. /action ${action.name} {"name": "Ada"}`,
      );
    }
  }
  const check = action.parameters?.length
    ? validateActionParameters(action, input)
    : { ok: true as const, parameters: input };
  if (!check.ok) return note(`${action.name}: ${check.error}`);
  const message: Memory = {
    entityId: where.entityId,
    agentId: runtime.agentId,
    roomId: where.roomId,
    content: { text: line.trim(), source: where.source },
    createdAt: Date.now(),
  };
  if (!(await action.validate(runtime, message))) return note(`${action.name} did not validate for this message`);
  const replies: ActionLineReply[] = [];
  const result = await action.handler(
    runtime,
    message,
    undefined,
    { parameters: check.parameters },
    async (content) => {
      if (content.text) replies.push({ text: content.text, actions: content.actions ?? [action.name], thought: '' });
      return [];
    },
  );
  if (replies.length > 0) return replies;
  const success = (result as { success?: boolean } | undefined)?.success;
  return note(`${action.name} ran${success === false ? ' and reported failure' : ''}; it sent no message`);
}
