/** The source of the messages a channel passes on from one agent to the others. */
export const CHANNEL_SOURCE = 'channel';
