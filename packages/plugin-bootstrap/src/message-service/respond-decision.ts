import {
  BudgetExceededError,
  composePromptFromState,
  type IAgentRuntime,
  type Memory,
  parseKeyValueXml,
  type Room,
  shouldRespondTemplate,
  type State,
} from '@kith/core';
import { modelHints } from '../helpers/model-hints';
import { agentRoomState, setAgentRoomState } from '../helpers/turn-lookups';
import type { AgentReplyChain } from './agent-reply-chain';
import { mentionsAgent, repliesToAgent } from './mentions';
import { shouldBypassShouldRespond } from './should-bypass';

export type RespondDecision =
  | { respond: true; reason: 'bypass' | 'mentioned' | 'followed' | 'model' }
  | { respond: false; reason: 'agent-chain' | 'muted' | 'model-ignore' | 'model-stop'; thought: string };

/**
 * Seed 000's should-respond stage. Answers without a model call in DMs,
 * API rooms, bypass sources and FOLLOWED rooms, and when the agent is named
 * or replied to;
 * ignores muted rooms (unless named) and long agent-to-agent chains;
 * otherwise asks TEXT_SMALL once: RESPOND, IGNORE, or STOP (which mutes).
 */
export async function decideResponse(
  runtime: IAgentRuntime,
  message: Memory,
  room: Room | null,
  state: State,
  chain: AgentReplyChain | undefined,
): Promise<RespondDecision> {
  if (chain && (await chain.exceeded(runtime, message))) {
    return {
      respond: false,
      reason: 'agent-chain',
      thought: 'Too many agent-to-agent turns in a row; waiting for a human.',
    };
  }
  const named = mentionsAgent(runtime, message) || (await repliesToAgent(runtime, message));
  const roomState = await agentRoomState(runtime, message);
  if (!named && roomState === 'MUTED') {
    return { respond: false, reason: 'muted', thought: 'This room is muted and I was not addressed.' };
  }
  if (named) return { respond: true, reason: 'mentioned' };
  if (roomState === 'FOLLOWED') return { respond: true, reason: 'followed' };
  if (shouldBypassShouldRespond(runtime, room, message.content.source)) return { respond: true, reason: 'bypass' };

  const template = runtime.getTemplate('shouldRespondTemplate') ?? shouldRespondTemplate;
  let output: string;
  try {
    output = await runtime.useModel('TEXT_SMALL', {
      prompt: composePromptFromState({ state, template }),
      hints: modelHints('shouldRespond', message, state),
    });
  } catch (error) {
    // Past the daily cost budget with a set message: answer only when addressed (handled above), not every group message.
    if (BudgetExceededError.isInstance(error))
      return {
        respond: false,
        reason: 'model-ignore',
        thought: 'The daily cost budget is spent: answering only when addressed.',
      };
    throw error;
  }
  const parsed = parseKeyValueXml(output);
  const action = (typeof parsed?.action === 'string' ? parsed.action : '').trim().toUpperCase();
  const reasoning = typeof parsed?.reasoning === 'string' ? parsed.reasoning : '';
  if (action === 'STOP') {
    await setAgentRoomState(runtime, message, 'MUTED');
    return { respond: false, reason: 'model-stop', thought: reasoning || 'Asked to stop: muting this room.' };
  }
  if (action === 'RESPOND' || action === 'REPLY') return { respond: true, reason: 'model' };
  return { respond: false, reason: 'model-ignore', thought: reasoning || 'Decided not to respond to this message.' };
}
