import {
  validateUuid,
  type Action,
  type ActionResult,
  type IAgentRuntime,
  type Memory,
  type Room,
  type TargetInfo,
} from '@kith/core';
import { reportOutcome } from '../helpers/report-outcome';
import { resolveEntity } from '../helpers/resolve-entity';
import { roomOf } from '../helpers/turn-lookups';
import { alwaysValid } from '../helpers/always-valid';

interface SendParameters {
  targetType: 'user' | 'room';
  target: string;
  text: string;
  source?: string;
}

function matchesRoom(room: Room, wanted: string): boolean {
  const name = wanted.trim().replace(/^#/, '').toLowerCase();
  return [room.name, room.channelId].some(
    (value) => typeof value === 'string' && value.replace(/^#/, '').toLowerCase() === name,
  );
}

/** A room by id, else by name or channel id among the rooms of the current world. */
async function findRoom(runtime: IAgentRuntime, message: Memory, wanted: string): Promise<Room | null> {
  const id = validateUuid(wanted.trim());
  if (id) return runtime.getRoom(id);
  const worldId = (await roomOf(runtime, message))?.worldId;
  if (!worldId) return null;
  return (await runtime.getRoomsByWorld(worldId)).find((room) => matchesRoom(room, wanted)) ?? null;
}

async function resolveTarget(
  runtime: IAgentRuntime,
  message: Memory,
  params: SendParameters,
): Promise<{ target: TargetInfo; label: string } | string> {
  const current = await roomOf(runtime, message);
  // The room's platform, not content.source: clients tag messages with their own name (client_chat, api).
  const defaultSource = params.source ?? current?.source ?? message.content.source ?? 'unknown';
  if (params.targetType === 'room') {
    const room = await findRoom(runtime, message, params.target);
    if (!room) return `I could not find a room called "${params.target}".`;
    return {
      target: {
        source: params.source ?? room.source ?? defaultSource,
        roomId: room.id,
        channelId: room.channelId,
        serverId: room.serverId,
      },
      label: room.name ?? room.id,
    };
  }
  const entity = await resolveEntity(runtime, message, params.target);
  if (!entity?.id) return `I could not find anyone called "${params.target}".`;
  return { target: { source: defaultSource, entityId: entity.id }, label: entity.names[0] ?? entity.id };
}

/**
 * Delivers a message to another room or person through the send handler a
 * client registered for the platform (`runtime.registerSendHandler`).
 */
export const sendMessageAction: Action = {
  name: 'SEND_MESSAGE',
  similes: ['DIRECT_MESSAGE', 'DM', 'MESSAGE', 'SEND_DM', 'POST_MESSAGE', 'NOTIFY'],
  description: 'Send a message to another person or room (not a reply here).',
  priority: 30,
  parameters: [
    {
      name: 'targetType',
      description: 'Whether the target is a person or a room',
      required: true,
      schema: { type: 'string', enum: ['user', 'room'] },
    },
    { name: 'target', description: 'Name or id of the person or room', required: true, schema: { type: 'string' } },
    { name: 'text', description: 'The message to send', required: true, schema: { type: 'string' } },
    { name: 'source', description: 'Platform to send on; defaults to the current one', schema: { type: 'string' } },
  ],
  validate: alwaysValid,
  handler: async (runtime, message, _state, options, callback, responses): Promise<ActionResult> => {
    const params = options?.parameters as SendParameters | undefined;
    if (!params?.text?.trim()) return { success: false, error: 'SEND_MESSAGE needs text' };
    const resolved = await resolveTarget(runtime, message, params);
    if (typeof resolved === 'string') {
      await reportOutcome(callback, responses, 'SEND_MESSAGE', resolved, false);
      return { success: false, error: resolved };
    }
    try {
      await runtime.sendMessageToTarget(resolved.target, { text: params.text, source: resolved.target.source });
    } catch (error) {
      runtime.logger.warn({ err: error, target: resolved.target }, 'SEND_MESSAGE could not deliver');
      const text = `I could not send the message to ${resolved.label}.`;
      await reportOutcome(callback, responses, 'SEND_MESSAGE', text, false);
      return { success: false, error: error instanceof Error ? error.message : String(error) };
    }
    await reportOutcome(callback, responses, 'SEND_MESSAGE', `Message sent to ${resolved.label}.`, true);
    return {
      success: true,
      text: `Sent a message to ${resolved.label}`,
      values: { lastMessageTarget: resolved.label },
      data: { target: { ...resolved.target } },
    };
  },
  examples: [
    [
      { name: '{{name1}}', content: { text: 'Tell Bob in #general that the build is fixed' } },
      { name: '{{name2}}', content: { text: 'Done, I told him.', actions: ['REPLY', 'SEND_MESSAGE'] } },
    ],
  ],
};
