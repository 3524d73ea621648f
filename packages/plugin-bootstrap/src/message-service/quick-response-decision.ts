import type { IAgentRuntime, Memory, MentionContext, ResponseDecision, Room } from '@kith/core';
import { mentionsAgent } from './mentions';
import { shouldBypassShouldRespond } from './should-bypass';

/**
 * elizaOS's `messageService.shouldRespond`: the part of the should-respond
 * stage that needs neither the model nor the database. Answer at once in
 * DMs, API rooms and bypass sources, and when the agent is mentioned or
 * replied to; otherwise the turn asks the model (`skipEvaluation: false`).
 */
export function quickResponseDecision(
  runtime: IAgentRuntime,
  message: Memory,
  room?: Room,
  mentionContext?: MentionContext,
): ResponseDecision {
  if (!room) return { shouldRespond: false, skipEvaluation: true, reason: 'no room given' };
  if (shouldBypassShouldRespond(runtime, room, message.content.source))
    return { shouldRespond: true, skipEvaluation: true, reason: `always answers here (${room.type ?? 'source'})` };
  const context = mentionContext ?? message.content.mentionContext;
  if (context?.isMention || context?.isReply || mentionsAgent(runtime, message))
    return { shouldRespond: true, skipEvaluation: true, reason: 'addressed to the agent' };
  return { shouldRespond: false, skipEvaluation: false, reason: 'the model decides' };
}
