import { roomStateAction } from './room-state-action';

/** Stays silent in the room unless named (participant state MUTED). */
export const muteRoomAction = roomStateAction({
  name: 'MUTE_ROOM',
  similes: ['MUTE_CHAT', 'MUTE_CHANNEL', 'MUTE_CONVERSATION', 'SHUT_UP', 'BE_QUIET'],
  description: 'Mute this room: stay silent unless named; use when asked to be quiet.',
  to: 'MUTED',
  from: (state) => state !== 'MUTED',
  done: 'Muted this room',
  examples: [
    [
      { name: '{{name1}}', content: { text: '{{name2}}, please be quiet in here' } },
      { name: '{{name2}}', content: { text: '', actions: ['MUTE_ROOM'] } },
    ],
  ],
});
