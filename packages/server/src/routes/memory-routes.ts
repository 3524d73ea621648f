import { ResourceNotFoundError } from '@kith/core';
import { z } from 'zod';
import { errorBodySchema, uuidSchema } from '../http/schemas';
import type { ServerContext } from '../server-context';

/** DELETE /api/agents/:agentId/memories/:memoryId (emits MESSAGE_DELETED). */
export function registerMemoryRoutes({ router, agents }: ServerContext): void {
  router.route({
    method: 'DELETE',
    url: '/api/agents/:agentId/memories/:memoryId',
    operationId: 'deleteMemory',
    summary: 'Delete one memory of the agent (emits MESSAGE_DELETED)',
    tags: ['memories'],
    params: z.strictObject({ agentId: uuidSchema, memoryId: uuidSchema }),
    responses: {
      200: { description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) },
      404: { description: 'No such agent or memory', schema: errorBodySchema },
    },
    handler: async ({ params }) => {
      const { runtime } = agents.require(params.agentId);
      const memory = await runtime.getMemoryById(params.memoryId);
      // Memory ids are global in a shared database: another agent's memory is not this agent's to delete.
      if (!memory || (memory.agentId && memory.agentId !== runtime.agentId)) throw new ResourceNotFoundError('memory', params.memoryId, 'for this agent');
      // plugin-bootstrap's MESSAGE_DELETED handler deletes it; without it the server does.
      await runtime.emitEvent('MESSAGE_DELETED', { message: memory, source: 'server' });
      if (await runtime.getMemoryById(params.memoryId)) await runtime.deleteMemory(params.memoryId);
      return { id: params.memoryId, deleted: true as const };
    },
  });
}
