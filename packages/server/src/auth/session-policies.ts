import { DEFAULT_MAX_AGENT_TURNS, defaultRoomId, stringToUuid, type UUID } from '@kith/core';
import type { FastifyRequest } from 'fastify';
import type { AgentRegistry } from '../agents/agent-registry';
import { ForbiddenError, ResourceNotFoundError } from '../errors';
import type { ConversationAccess } from './conversation-access';
import { mayUseAgent, type Session } from './session';

/**
 * What a session may do on one `access: 'session'` route: `check` runs once
 * the request is validated (and may refuse it, or make its author the
 * session's user); `filter` narrows a successful answer to what is the
 * user's.
 */
export interface SessionPolicy {
  check(request: FastifyRequest, session: Session): Promise<void>;
  filter?(request: FastifyRequest, session: Session, payload: unknown): Promise<unknown>;
}

type Fields = Record<string, unknown>;
const paramsOf = (request: FastifyRequest) => request.params as Record<string, UUID>;
const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Fields;

export function requireAgentForSession(session: Session, agentId: string): void {
  if (!mayUseAgent(session, agentId)) throw new ForbiddenError(`use agent ${agentId}`, 'its session does not name it');
}

/**
 * The message is the session user's: its author and name are theirs, whatever the body says. An
 * `id` it sends is made the user's own (derived from the user and the id): sending the same id
 * again is still a repeat, but another user's message id never reaches that message or its replies.
 */
export function speakAsSessionUser(body: Fields, session: Session): void {
  if (body.entityId !== undefined && body.entityId !== session.userId)
    throw new ForbiddenError('speak as another user', 'its messages are authored by its own user id');
  body.entityId = session.userId;
  body.userName = session.userName;
  if (typeof body.id === 'string') body.id = sessionMessageId(session, body.id);
}

export function sessionMessageId(session: Session, id: string): UUID {
  return stringToUuid(`kith-session-message:${session.userId}:${id.toLowerCase()}`);
}

const noRoom = (roomId: string) =>
  new ResourceNotFoundError('room', roomId, 'GET /api/agents/:agentId/rooms lists the rooms of an agent');
const noChannel = (channelId: string) =>
  new ResourceNotFoundError('channel', channelId, 'POST /api/channels makes one');

/**
 * The session policy of every route declared `access: 'session'`, by
 * `METHOD url`. A session route without one here refuses sessions (the
 * authorization matrix test fails on it first).
 */
export function sessionPolicies(
  agents: AgentRegistry,
  conversations: ConversationAccess,
): ReadonlyMap<string, SessionPolicy> {
  const ownRoom = async (roomId: UUID, session: Session): Promise<void> => {
    if ((await conversations.standing(roomId, session.userId)) !== 'mine') throw noRoom(roomId);
  };
  const ownChannel = async (channelId: UUID, session: Session): Promise<void> => {
    if ((await conversations.standing(channelId, session.userId)) !== 'mine') throw noChannel(channelId);
  };
  const readRoom: SessionPolicy = {
    async check(request, session) {
      const { agentId, roomId } = paramsOf(request);
      requireAgentForSession(session, agentId);
      const tableName = (request.query as Fields).tableName;
      if (tableName !== undefined && tableName !== 'messages')
        throw new ForbiddenError(`read the ${String(tableName)} table`, 'a session reads messages only');
      await ownRoom(roomId, session);
    },
  };
  const channelOnly: SessionPolicy = {
    check: (request, session) => ownChannel(paramsOf(request).channelId, session),
  };

  return new Map<string, SessionPolicy>([
    [
      'GET /api/agents',
      {
        check: async () => undefined,
        filter: async (_request, session, payload) => {
          const { agents: list } = payload as { agents: { id: string }[] };
          return { ...(payload as Fields), agents: list.filter((agent) => mayUseAgent(session, agent.id)) };
        },
      },
    ],
    [
      'POST /api/agents/:agentId/messages',
      {
        async check(request, session) {
          const { agentId } = paramsOf(request);
          requireAgentForSession(session, agentId);
          const body = bodyOf(request);
          speakAsSessionUser(body, session);
          const roomId = (body.roomId as UUID | undefined) ?? defaultRoomId(agentId, session.userId);
          if ((await conversations.standing(roomId, session.userId)) === 'theirs')
            throw new ForbiddenError(`write in room ${roomId}`, 'someone else takes part in it');
        },
      },
    ],
    [
      'GET /api/agents/:agentId/rooms',
      {
        check: async (request, session) => requireAgentForSession(session, paramsOf(request).agentId),
        filter: async (request, session, payload) => {
          const { rooms } = payload as { rooms: { id: UUID }[] };
          const runtime = agents.require(paramsOf(request).agentId).runtime;
          const mine = [];
          for (const room of rooms) if (await runtime.isRoomParticipant(room.id, session.userId)) mine.push(room);
          return { ...(payload as Fields), rooms: mine };
        },
      },
    ],
    ['GET /api/agents/:agentId/rooms/:roomId/memories', readRoom],
    ['GET /api/agents/:agentId/rooms/:roomId/memories/search', readRoom],
    [
      'POST /api/channels',
      {
        async check(request, session) {
          const body = bodyOf(request);
          for (const agentId of (body.agentIds as string[] | undefined) ?? []) requireAgentForSession(session, agentId);
          // A visitor's channel keeps the default turn limit: more agent turns per message cost more.
          body.maxAgentTurns = Math.min(
            (body.maxAgentTurns as number | undefined) ?? DEFAULT_MAX_AGENT_TURNS,
            DEFAULT_MAX_AGENT_TURNS,
          );
        },
        filter: async (_request, session, payload) => {
          const { channel } = payload as { channel: { id: UUID; agentIds: UUID[] } };
          await conversations.enterChannel(channel.id, channel.agentIds, session);
          return payload;
        },
      },
    ],
    ['GET /api/channels/:channelId', channelOnly],
    ['GET /api/channels/:channelId/messages', channelOnly],
    [
      'POST /api/channels/:channelId/messages',
      {
        async check(request, session) {
          const { channelId } = paramsOf(request);
          await ownChannel(channelId, session);
          // Agents added to the channel since (with the admin key) must be ones the session may use too.
          for (const agentId of await conversations.channelAgents(channelId)) requireAgentForSession(session, agentId);
          speakAsSessionUser(bodyOf(request), session);
        },
      },
    ],
    // The upgrade itself: what a session may join and send is checked frame by frame (ws-gate.ts).
    ['GET /ws', { check: async () => undefined }],
  ]);
}
