import { roomStateAction } from './room-state-action';

/** Takes part in a muted room again (clears MUTED). */
export const unmuteRoomAction = roomStateAction({
  name: 'UNMUTE_ROOM',
  similes: ['UNMUTE_CHAT', 'UNMUTE_CHANNEL', 'UNMUTE_CONVERSATION'],
  description: 'Unmute this room and take part again.',
  to: null,
  from: (state) => state === 'MUTED',
  done: 'Unmuted this room',
  examples: [
    [
      { name: '{{name1}}', content: { text: '{{name2}} you can talk here again' } },
      { name: '{{name2}}', content: { text: 'Thanks, I am back.', actions: ['REPLY', 'UNMUTE_ROOM'] } },
    ],
  ],
});
