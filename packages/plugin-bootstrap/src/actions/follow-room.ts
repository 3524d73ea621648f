import { roomStateAction } from './room-state-action';

/** Takes part in the room without being named (participant state FOLLOWED). */
export const followRoomAction = roomStateAction({
  name: 'FOLLOW_ROOM',
  similes: ['FOLLOW_CHAT', 'FOLLOW_CHANNEL', 'FOLLOW_CONVERSATION', 'JOIN_ROOM', 'PARTICIPATE'],
  description: 'Follow this room and join in without being named; use when asked to follow or take part.',
  to: 'FOLLOWED',
  from: (state) => state !== 'FOLLOWED' && state !== 'MUTED',
  done: 'Now following this room',
  examples: [
    [
      { name: '{{name1}}', content: { text: 'hey {{name2}} follow this channel' } },
      { name: '{{name2}}', content: { text: 'Sure, I will!', actions: ['REPLY', 'FOLLOW_ROOM'] } },
    ],
  ],
});
