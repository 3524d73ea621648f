import type { Action, ActionExample, ActionResult, ParticipantUserState } from '@kith/core';
import { agentRoomState, setAgentRoomState } from '../helpers/turn-lookups';

export interface RoomStateActionSpec {
  name: string;
  similes: string[];
  description: string;
  /** The state the action moves the agent to. */
  to: ParticipantUserState;
  /** Whether the action makes sense from the current state. */
  from: (current: ParticipantUserState) => boolean;
  /** What the result says, for logs and chained actions. */
  done: string;
  examples: ActionExample[][];
}

/**
 * FOLLOW_ROOM, UNFOLLOW_ROOM, MUTE_ROOM and UNMUTE_ROOM differ only in the
 * participant state they set and the state they start from. Each validates
 * only from a state where it changes something, so the model is not offered
 * UNMUTE_ROOM in a room that is not muted.
 */
export function roomStateAction(spec: RoomStateActionSpec): Action {
  return {
    name: spec.name,
    similes: spec.similes,
    description: spec.description,
    priority: 40,
    validate: (runtime, message) => agentRoomState(runtime, message).then(spec.from),
    handler: async (runtime, message): Promise<ActionResult> => {
      await setAgentRoomState(runtime, message, spec.to);
      runtime.logger.info({ roomId: message.roomId, state: spec.to }, `${spec.name}: ${spec.done}`);
      return {
        success: true,
        text: spec.done,
        values: { roomState: spec.to ?? 'NONE' },
        data: { roomId: message.roomId },
      };
    },
    examples: spec.examples,
  };
}
