import { ChannelType, DEFAULT_SERVER_ID, type UUID } from '@kith/core';
import type { AgentRegistry } from '../agents/agent-registry';
import type { ChannelService } from '../channels/channel-service';
import type { Session } from './session';

/** A room or channel as a user sees it: theirs, someone else's, or one nobody has used yet. */
export type RoomStanding = 'mine' | 'theirs' | 'new';

/**
 * Which rooms and channels a user takes part in, read from the agents' own
 * records: the user is a participant of the room (as the agents' pipeline
 * makes every author of a message) in any agent on this server. A room id
 * any agent knows, or a channel, that the user is not in is someone else's.
 */
export class ConversationAccess {
  constructor(
    private readonly agents: AgentRegistry,
    private readonly channels: ChannelService,
  ) {}

  async standing(roomId: UUID, userId: UUID): Promise<RoomStanding> {
    const runtimes = this.agents.all.map((agent) => agent.runtime);
    for (const runtime of runtimes) if (await runtime.isRoomParticipant(roomId, userId)) return 'mine';
    for (const runtime of runtimes) if (await runtime.getRoom(roomId)) return 'theirs';
    if (await this.channels.channelOf(roomId)) return 'theirs';
    return 'new';
  }

  /** The agents of a channel (none when it is not one). */
  async channelAgents(channelId: UUID): Promise<UUID[]> {
    return (await this.channels.channelOf(channelId))?.agentIds ?? [];
  }

  /**
   * Makes the session's user a participant of a channel it just made, in each
   * of the channel's agents here, exactly as their pipeline would on the
   * user's first message (same room type, source and server), so the channel
   * is theirs from the start.
   */
  async enterChannel(channelId: UUID, agentIds: readonly UUID[], session: Session): Promise<void> {
    for (const agentId of agentIds) {
      const runtime = this.agents.get(agentId)?.runtime;
      if (!runtime) continue;
      await runtime.ensureConnection({
        entityId: session.userId,
        roomId: channelId,
        userName: session.userName,
        name: session.userName,
        source: 'client_chat',
        type: ChannelType.GROUP,
        channelId,
        serverId: DEFAULT_SERVER_ID,
      });
    }
  }
}
