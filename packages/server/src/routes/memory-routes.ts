import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import { errorBodySchema, uuidSchema } from '../http/schemas';
import type { ServerContext } from '../server-context';
import { ResourceNotFoundError } from '../errors';

/** DELETE /api/agents/:agentId/memories/:memoryId (emits MESSAGE_DELETED). */
export function registerMemoryRoutes(app: ApiApp, { agents }: ServerContext): void {
  app.route({
    method: 'DELETE',
    url: '/api/agents/:agentId/memories/:memoryId',
    config: { access: 'admin' },
    schema: {
      operationId: 'deleteMemory',
      summary: 'Delete one memory of the agent (emits MESSAGE_DELETED)',
      tags: ['memories'],
      params: z.strictObject({ agentId: uuidSchema, memoryId: uuidSchema }),
      response: {
        200: z.object({ id: z.string(), deleted: z.literal(true) }).describe('Deleted'),
        404: errorBodySchema.describe('No such agent or memory'),
      },
    },
    handler: async ({ params }) => {
      const { runtime } = agents.require(params.agentId);
      const memory = await runtime.getMemoryById(params.memoryId);
      // Memory ids are global in a shared database: another agent's memory is not this agent's to delete.
      if (!memory || (memory.agentId && memory.agentId !== runtime.agentId))
        throw new ResourceNotFoundError('memory', params.memoryId, 'for this agent');
      // plugin-bootstrap's MESSAGE_DELETED handler deletes it; without it the server does.
      await runtime.emitEvent('MESSAGE_DELETED', { message: memory, source: 'server' });
      if (await runtime.getMemoryById(params.memoryId)) await runtime.deleteMemory(params.memoryId);
      return { id: params.memoryId, deleted: true as const };
    },
  });
}
