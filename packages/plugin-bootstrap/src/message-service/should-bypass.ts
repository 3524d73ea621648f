import { ChannelType, parseListSetting, type IAgentRuntime, type Room } from '@kith/core';

const DEFAULT_TYPES = [ChannelType.DM, ChannelType.VOICE_DM, ChannelType.SELF, ChannelType.API].map((t) =>
  t.toLowerCase(),
);
const DEFAULT_SOURCES = ['client_chat', 'api', 'postman'];

/** Rooms and sources where the agent always answers without asking the model first. */
export function shouldBypassShouldRespond(runtime: IAgentRuntime, room?: Room | null, source?: string): boolean {
  const types = new Set([
    ...DEFAULT_TYPES,
    ...parseListSetting(runtime.getSetting('SHOULD_RESPOND_BYPASS_TYPES')).map((t) => t.toLowerCase()),
  ]);
  const sources = [
    ...DEFAULT_SOURCES,
    ...parseListSetting(runtime.getSetting('SHOULD_RESPOND_BYPASS_SOURCES')).map((s) => s.toLowerCase()),
  ];
  const roomType = room?.type?.toString().toLowerCase();
  const sourceText = source?.toLowerCase() ?? '';
  return (roomType !== undefined && types.has(roomType)) || sources.some((pattern) => sourceText.includes(pattern));
}
