import {
  AgentNotRunningError,
  agentMemoryId,
  defaultEntityId,
  defaultRoomId,
  KithError,
  toBusMessage,
} from '@kith/core';
import type { ApiApp } from '../http/api-app';
import { toMemoryView } from '../http/memory-view';
import { agentParamsSchema, errorBodySchema } from '../http/schemas';
import type { ServerContext } from '../server-context';
import { messageAcceptedSchema, messageResultSchema, postMessageBodySchema } from './message-schemas';
import { ServerErrorCode } from '../errors';

/** POST /api/agents/:agentId/messages: a message through the bus, answered with the replies (or 202). */
export function registerMessageRoutes(app: ApiApp, { agents, bus, logger }: ServerContext): void {
  app.route({
    method: 'POST',
    url: '/api/agents/:agentId/messages',
    config: { access: 'session' },
    schema: {
      operationId: 'postMessage',
      summary: 'Send a message to an agent and get its replies',
      description:
        'Runs the message through the agent pipeline and answers with its replies. `id` makes the request idempotent: the same id again answers 200 with `duplicate: true` and the original replies, and the agent never answers twice. With `async: true` the answer is 202 at once and the replies go to WebSocket clients subscribed to the room.',
      tags: ['messages'],
      params: agentParamsSchema,
      body: postMessageBodySchema,
      response: {
        200: messageResultSchema.describe('The outcome and the replies'),
        202: messageAcceptedSchema.describe('Accepted (async); replies follow over the WebSocket'),
        400: errorBodySchema.describe('Bad input'),
        404: errorBodySchema.describe('No such agent'),
        409: errorBodySchema.describe('The agent is stopped'),
      },
    },
    handler: async ({ params, body }, reply) => {
      const agent = agents.require(params.agentId);
      if (agent.status !== 'running') throw new AgentNotRunningError(agent.id, agent.name);
      const entityId = body.entityId ?? defaultEntityId(body.userName);
      const roomId = body.roomId ?? defaultRoomId(agent.id, entityId);
      const message = toBusMessage(body, {
        channelId: roomId,
        authorId: entityId,
        defaultSource: 'api',
        targetAgentId: agent.id,
      });
      bus.join(roomId, agent.id);
      const ids = {
        messageId: message.id,
        memoryId: agentMemoryId(agent.runtime, message.id),
        agentId: agent.id,
        roomId,
        entityId,
      };

      if (body.async) {
        // 202 once the message is durable (a failure before that is this request's error); the rest goes over the WebSocket.
        await new Promise<void>((accept, refuse) => {
          let accepted = false;
          bus
            .publish(message, () => {
              accepted = true;
              accept();
            })
            .then(
              () => accept(),
              (error: unknown) => {
                if (!accepted) return refuse(error);
                logger.warn({ err: error, agentId: agent.id, messageId: message.id }, 'An async message failed');
                // Its replies were promised over the WebSocket: say there what went wrong.
                const code = KithError.isInstance(error) ? error.code : ServerErrorCode.INTERNAL;
                const text = KithError.isInstance(error)
                  ? error.message
                  : 'The agent failed to take the message; the server log has the details.';
                bus.emit({
                  type: 'error',
                  agentId: agent.id,
                  channelId: roomId,
                  messageId: message.id,
                  code,
                  message: text,
                });
              },
            );
        });
        reply.code(202);
        return { ...ids, status: 'accepted' as const };
      }
      const [result] = await bus.publish(message);
      return {
        ...ids,
        mode: result?.mode ?? 'skipped',
        duplicate: result?.duplicate ?? false,
        ...(result?.runId ? { runId: result.runId } : {}),
        ...(result?.error ? { error: result.error } : {}),
        replies: (result?.replies ?? []).map((reply) => toMemoryView(reply)),
      };
    },
  });
}
