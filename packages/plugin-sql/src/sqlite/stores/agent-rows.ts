import type { UUID } from '@kith/core';
import { eq } from 'drizzle-orm';
import {
  cache,
  components,
  entities,
  logs,
  modelUsage,
  participants,
  relationships,
  rooms,
  tasks,
  worlds,
} from '../schema';
import { deleteMemoriesWhere } from './memory-writes';
import type { StoreContext } from './store-context';

/** Removes everything an agent owns (its memories with their vectors first). */
export function deleteAgentRows(ctx: StoreContext, agentId: UUID): void {
  const { db } = ctx.conn;
  deleteMemoriesWhere(ctx, 'm.agent_id = ?', agentId);
  db.delete(participants).where(eq(participants.agentId, agentId)).run();
  db.delete(rooms).where(eq(rooms.agentId, agentId)).run();
  db.delete(worlds).where(eq(worlds.agentId, agentId)).run();
  db.delete(components).where(eq(components.agentId, agentId)).run();
  db.delete(relationships).where(eq(relationships.agentId, agentId)).run();
  db.delete(entities).where(eq(entities.agentId, agentId)).run();
  db.delete(cache).where(eq(cache.agentId, agentId)).run();
  db.delete(logs).where(eq(logs.agentId, agentId)).run();
  db.delete(modelUsage).where(eq(modelUsage.agentId, agentId)).run();
  db.delete(tasks).where(eq(tasks.agentId, agentId)).run();
}
