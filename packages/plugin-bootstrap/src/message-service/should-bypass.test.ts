import { ChannelType, type Room } from '@kith/core';
import { createTestRuntime } from '@kith/core/test';
import { shouldBypassShouldRespond } from './should-bypass';

const room = (type: ChannelType): Room => ({
  id: '00000000-0000-4000-8000-000000000001',
  source: 'test',
  type,
});

describe('shouldBypassShouldRespond', () => {
  it('bypasses DM, VOICE_DM, SELF and API rooms but not groups', async () => {
    const runtime = await createTestRuntime();
    for (const type of [ChannelType.DM, ChannelType.VOICE_DM, ChannelType.SELF, ChannelType.API]) {
      expect(shouldBypassShouldRespond(runtime, room(type))).toBe(true);
    }
    expect(shouldBypassShouldRespond(runtime, room(ChannelType.GROUP), 'discord')).toBe(false);
  });

  it('bypasses sources containing client_chat, api or postman', async () => {
    const runtime = await createTestRuntime();
    expect(shouldBypassShouldRespond(runtime, room(ChannelType.GROUP), 'kith_client_chat')).toBe(true);
    expect(shouldBypassShouldRespond(runtime, room(ChannelType.GROUP), 'rest-api')).toBe(true);
  });

  it('extends both lists from settings (JSON array or comma list)', async () => {
    const runtime = await createTestRuntime({
      settings: { SHOULD_RESPOND_BYPASS_TYPES: '["group"]', SHOULD_RESPOND_BYPASS_SOURCES: 'telegram, slack' },
    });
    expect(shouldBypassShouldRespond(runtime, room(ChannelType.GROUP))).toBe(true);
    expect(shouldBypassShouldRespond(runtime, room(ChannelType.FORUM), 'my-slack-bot')).toBe(true);
    expect(shouldBypassShouldRespond(runtime, room(ChannelType.FORUM), 'discord')).toBe(false);
  });
});
