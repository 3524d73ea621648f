import type { UUID } from '@kith/core';

/** An end-user session: who the user is and which agents they may talk to. */
export interface Session {
  /** The user's entity id: their messages are authored by it, and their rooms are the ones it takes part in. */
  userId: UUID;
  userName: string;
  /** The agents the session may use; undefined: every agent of the server. */
  agentIds?: UUID[];
  /** Issued without the admin key (KITH_PUBLIC_SESSIONS). */
  anonymous: boolean;
  /** Epoch ms. */
  expiresAt: number;
}

/** Whether the session may talk to the agent. */
export function mayUseAgent(session: Session, agentId: string): boolean {
  return !session.agentIds || session.agentIds.includes(agentId as UUID);
}
