import { roomStateAction } from './room-state-action';

/** Goes back to answering only when named (clears FOLLOWED). */
export const unfollowRoomAction = roomStateAction({
  name: 'UNFOLLOW_ROOM',
  similes: ['UNFOLLOW_CHAT', 'UNFOLLOW_CHANNEL', 'STOP_FOLLOWING', 'LEAVE_CONVERSATION'],
  description: 'Stop following this room; answer only when named.',
  to: null,
  from: (state) => state === 'FOLLOWED',
  done: 'No longer following this room',
  examples: [
    [
      { name: '{{name1}}', content: { text: '{{name2}} stop following this channel' } },
      { name: '{{name2}}', content: { text: 'Okay, I will stop following.', actions: ['REPLY', 'UNFOLLOW_ROOM'] } },
    ],
  ],
});
