import type { HandlerCallback, Memory } from '@kith/core';

/** True when the turn's response already talks to the user (REPLY with text). */
export function repliedInTurn(responses: Memory[] | undefined): boolean {
  return (responses ?? []).some(
    (r) =>
      (r.content.actions ?? []).some((a) => a.toUpperCase() === 'REPLY') &&
      typeof r.content.text === 'string' &&
      r.content.text.trim() !== '',
  );
}

/**
 * Tells the user how an action went. A failure is always told; a success
 * only when no REPLY spoke in this turn, so one turn does not send two
 * messages saying the same thing.
 */
export async function reportOutcome(
  callback: HandlerCallback | undefined,
  responses: Memory[] | undefined,
  actionName: string,
  text: string,
  ok: boolean,
): Promise<void> {
  if (!callback || (ok && repliedInTurn(responses))) return;
  await callback({ text, actions: [actionName], ...(ok ? {} : { error: true }) }, actionName);
}
