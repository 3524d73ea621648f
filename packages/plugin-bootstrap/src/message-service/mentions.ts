import type { IAgentRuntime, Memory } from '@kith/core';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface MentionContext {
  isMention?: boolean;
  isReply?: boolean;
}

/** The platform's own mention flags (elizaOS clients set content.mentionContext). */
function mentionContext(message: Memory): MentionContext {
  const context = (message.content as { mentionContext?: unknown }).mentionContext;
  return context && typeof context === 'object' ? context : {};
}

/** True when the message names the agent (name or username as a word, or a platform mention). */
export function mentionsAgent(runtime: IAgentRuntime, message: Memory): boolean {
  if (mentionContext(message).isMention) return true;
  const mentions = message.metadata?.mentions;
  if (Array.isArray(mentions) && mentions.includes(runtime.agentId)) return true;
  const text = message.content.text ?? '';
  if (!text) return false;
  const names = [runtime.character.name, runtime.character.username].filter(
    (n): n is string => typeof n === 'string' && n.trim().length > 0,
  );
  return names.some((name) => namePattern(name).test(text));
}

/** Compiled once per name: building a Unicode regex took longer than the rest of the check. */
const namePatterns = new Map<string, RegExp>();
const MAX_CACHED_PATTERNS = 64;

function namePattern(name: string): RegExp {
  let pattern = namePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(^|[^\\p{L}\\p{N}_])@?${escapeRegExp(name.trim())}($|[^\\p{L}\\p{N}_])`, 'iu');
    if (namePatterns.size >= MAX_CACHED_PATTERNS) namePatterns.clear();
    namePatterns.set(name, pattern);
  }
  return pattern;
}

/** True when the message answers one of the agent's messages. */
export async function repliesToAgent(runtime: IAgentRuntime, message: Memory): Promise<boolean> {
  if (mentionContext(message).isReply) return true;
  const target = message.content.inReplyTo;
  if (!target) return false;
  const original = await runtime.getMemoryById(target);
  return original?.entityId === runtime.agentId;
}
