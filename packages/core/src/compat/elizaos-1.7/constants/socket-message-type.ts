/** The elizaOS server's socket message kinds (a numeric enum, with reverse names, as in elizaOS 1.7). */
export enum SOCKET_MESSAGE_TYPE {
  ROOM_JOINING = 1,
  SEND_MESSAGE = 2,
  MESSAGE = 3,
  ACK = 4,
  THINKING = 5,
  CONTROL = 6,
}
