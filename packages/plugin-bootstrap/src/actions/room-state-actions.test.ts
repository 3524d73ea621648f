import { ChannelType, randomUuid } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import { ADA, createHarness } from '../testing/bootstrap-harness';
import { followRoomAction } from './follow-room';
import { muteRoomAction } from './mute-room';
import { unfollowRoomAction } from './unfollow-room';
import { unmuteRoomAction } from './unmute-room';

describe('FOLLOW_ROOM / UNFOLLOW_ROOM / MUTE_ROOM / UNMUTE_ROOM', () => {
  it('moves the agent between FOLLOWED, MUTED and no state', async () => {
    const { runtime, roomId, message, run } = await createHarness();
    const state = () => runtime.getParticipantUserState(roomId, runtime.agentId);

    expect(await state()).toBeNull();
    await run(message('follow this room'), ['FOLLOW_ROOM']);
    expect(await state()).toBe('FOLLOWED');
    await run(message('stop following'), ['UNFOLLOW_ROOM']);
    expect(await state()).toBeNull();
    await run(message('be quiet'), ['MUTE_ROOM']);
    expect(await state()).toBe('MUTED');
    const [result] = await run(message('you can talk again'), ['UNMUTE_ROOM']);
    expect(result).toMatchObject({ success: true, values: { roomState: 'NONE' } });
    expect(await state()).toBeNull();
  });

  it('offers each action only from a state it changes', async () => {
    const { runtime, message, run } = await createHarness();
    const offered = async () => {
      const m = message('hi');
      const checks = await Promise.all(
        [followRoomAction, unfollowRoomAction, muteRoomAction, unmuteRoomAction].map(async (a) =>
          (await a.validate(runtime, m)) ? a.name : null,
        ),
      );
      return checks.filter(Boolean);
    };
    expect(await offered()).toEqual(['FOLLOW_ROOM', 'MUTE_ROOM']);
    await run(message('follow'), ['FOLLOW_ROOM']);
    expect(await offered()).toEqual(['UNFOLLOW_ROOM', 'MUTE_ROOM']);
    await run(message('mute'), ['MUTE_ROOM']);
    expect(await offered()).toEqual(['UNMUTE_ROOM']);
  });

  it('adds the agent as a participant before setting its state', async () => {
    const { runtime, message } = await createHarness();
    const other = randomUuid();
    await runtime.createRooms([{ id: other, source: 'test', type: ChannelType.GROUP }]);
    expect(await runtime.isRoomParticipant(other, runtime.agentId)).toBe(false);
    await followRoomAction.handler(runtime, message('follow', { roomId: other }));
    expect(await runtime.getParticipantUserState(other, runtime.agentId)).toBe('FOLLOWED');
  });

  it('runs from a real turn with one model call: REPLY then MUTE_ROOM', async () => {
    const { runtime, model, roomId, message, callback, replies } = await createHarness({
      type: ChannelType.DM,
      script: [scriptedReply('Okay, I will be quiet.', ['REPLY', 'MUTE_ROOM'])],
    });
    await runtime.messageService!.handleMessage(runtime, message('please be quiet', { entityId: ADA }), callback);
    expect(model.calls).toHaveLength(1);
    expect(replies.map((r) => r.text)).toEqual(['Okay, I will be quiet.']);
    expect(await runtime.getParticipantUserState(roomId, runtime.agentId)).toBe('MUTED');
  });
});
