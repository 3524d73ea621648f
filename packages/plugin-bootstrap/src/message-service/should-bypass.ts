import { ChannelType, type IAgentRuntime, type Room } from '@kith/core';

const DEFAULT_TYPES = [ChannelType.DM, ChannelType.VOICE_DM, ChannelType.SELF, ChannelType.API].map((t) => t.toLowerCase());
const DEFAULT_SOURCES = ['client_chat', 'api', 'postman'];

/** Reads a list setting given as an array, a JSON array or a comma list. */
export function listSetting(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (typeof value !== 'string' || !value.trim()) return [];
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map((v) => String(v).trim()).filter(Boolean);
    } catch {
      // fall through to the comma list
    }
  }
  return text.split(',').map((v) => v.trim().replace(/^["']|["']$/g, '')).filter(Boolean);
}

/** Rooms and sources where the agent always answers without asking the model first. */
export function shouldBypassShouldRespond(runtime: IAgentRuntime, room?: Room | null, source?: string): boolean {
  const types = new Set([...DEFAULT_TYPES, ...listSetting(runtime.getSetting('SHOULD_RESPOND_BYPASS_TYPES')).map((t) => t.toLowerCase())]);
  const sources = [...DEFAULT_SOURCES, ...listSetting(runtime.getSetting('SHOULD_RESPOND_BYPASS_SOURCES')).map((s) => s.toLowerCase())];
  const roomType = room?.type?.toString().toLowerCase();
  const sourceText = source?.toLowerCase() ?? '';
  return (roomType !== undefined && types.has(roomType)) || sources.some((pattern) => sourceText.includes(pattern));
}
