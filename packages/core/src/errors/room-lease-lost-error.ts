import { KithError } from './kith-error';
import { ErrorCode } from './error-codes';

const name = 'RoomLeaseLostError';
const marker = Symbol.for(`kith.error.${name}`);

/**
 * A fleet server no longer holds the room it was answering (it was paused or
 * cut off past its lease, and another server took the room over): its
 * decision is not committed; the new holder answers the message.
 */
export class RoomLeaseLostError extends KithError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    readonly roomId: string,
    readonly serverId: string,
  ) {
    super(
      ErrorCode.ROOM_LEASE_LOST,
      `Server ${serverId} lost its lease on room ${roomId} (it missed heartbeats for longer than KITH_LEASE_MS) and did not answer: the server now holding the room answers instead. Nothing to do unless it repeats; then look for pauses or a slow link to the database.`,
    );
  }

  static override isInstance(error: unknown): error is RoomLeaseLostError {
    return KithError.hasMarker(error, marker);
  }
}
