import type { Action } from '@kith/core';
import { choiceAction } from './choice';
import { followRoomAction } from './follow-room';
import { generateImageAction } from './generate-image';
import { ignoreAction } from './ignore';
import { muteRoomAction } from './mute-room';
import { noneAction } from './none';
import { replyAction } from './reply';
import { sendMessageAction } from './send-message';
import { unfollowRoomAction } from './unfollow-room';
import { unmuteRoomAction } from './unmute-room';
import { updateEntityAction } from './update-entity';
import { updateRoleAction } from './update-role';
import { updateSettingsAction } from './update-settings';

/** The 13 core actions, in the order the plugin registers them. */
export const bootstrapActions: Action[] = [
  replyAction,
  ignoreAction,
  noneAction,
  followRoomAction,
  unfollowRoomAction,
  muteRoomAction,
  unmuteRoomAction,
  sendMessageAction,
  updateEntityAction,
  choiceAction,
  updateRoleAction,
  updateSettingsAction,
  generateImageAction,
];
