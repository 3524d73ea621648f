import { defaultRoomId, type MessageBus, type UUID } from '@kith/core';
import { ForbiddenError, ResourceNotFoundError, SessionExpiredError } from '../errors';
import type { ConversationAccess } from './conversation-access';
import type { Session } from './session';
import { requireAgentForSession, speakAsSessionUser } from './session-policies';

/** What a WebSocket connection may join and send; the admin key's connections have none. */
export interface WsGate {
  /** Refuses a join the connection may not make. */
  join(frame: { channelId: UUID; agentId?: UUID }): Promise<void>;
  /** Refuses a send the connection may not make; makes the session's user its author. */
  send(frame: { channelId: UUID; agentId?: UUID; entityId?: UUID; userName?: string }): Promise<void>;
}

/**
 * A session's WebSocket: it joins only rooms and channels it takes part in
 * (or its own default room with an agent, which nobody else can be in), and
 * sends only to its own rooms, new ones or its channels, as its own user.
 * Frames reach a connection only for what it joined or sent to, so this is
 * what keeps other users' frames away from it.
 */
export function sessionWsGate(session: Session, conversations: ConversationAccess, bus: MessageBus): WsGate {
  const notFound = (channelId: UUID) =>
    new ResourceNotFoundError('room or channel', channelId, 'a session joins only its own');
  const live = () => {
    // A connection outlives no session: past its expiry every frame is refused.
    if (Date.now() >= session.expiresAt) throw new SessionExpiredError();
  };
  return {
    async join({ channelId, agentId }) {
      live();
      if (agentId) requireAgentForSession(session, agentId);
      if (agentId && channelId === defaultRoomId(agentId, session.userId)) return;
      if ((await conversations.standing(channelId, session.userId)) !== 'mine') throw notFound(channelId);
    },
    async send(frame) {
      live();
      const agentIds = frame.agentId ? [frame.agentId] : bus.participants(frame.channelId);
      for (const agentId of agentIds) requireAgentForSession(session, agentId);
      const standing = await conversations.standing(frame.channelId, session.userId);
      if (standing === 'theirs')
        throw new ForbiddenError(`write in room ${frame.channelId}`, 'someone else takes part in it');
      speakAsSessionUser(frame, session);
    },
  };
}
