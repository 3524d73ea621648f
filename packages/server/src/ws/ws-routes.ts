import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { WS_PATH } from '../auth/api-key';
import type { ApiApp } from '../http/api-app';
import { errorBody } from '../http/error-reply';
import { errorBodySchema } from '../http/schemas';
import type { WsGate } from '../auth/ws-gate';
import { WsConnection, type WsConnectionContext } from './ws-connection';
import { clientFrameSchema } from './ws-protocol';
import { RequestValidationError } from '../errors';

/** The client frames as JSON Schema, for the document (OpenAPI has no WebSocket operations). */
function clientFramesJsonSchema(): Record<string, unknown> {
  const { $schema: _, ...frames } = z.toJSONSchema(clientFrameSchema, { io: 'input', unrepresentable: 'any' });
  return frames;
}

/** The WebSocket endpoint (protocol: ws-protocol.ts and docs/api.md); a plain GET gets 426. */
/**
 * `unlimited` says which upgrade requests get no per-connection frame limit (see isRateLimitExempt);
 * `gateFor` what a request's connection may join and send (a session's).
 */
export function registerWsRoutes(
  app: ApiApp,
  context: WsConnectionContext,
  unlimited: (request: FastifyRequest) => boolean = () => false,
  gateFor: (request: FastifyRequest) => WsGate | undefined = () => undefined,
): void {
  app.route({
    method: 'GET',
    url: WS_PATH,
    config: { access: 'session' },
    schema: {
      operationId: 'websocket',
      summary: 'WebSocket: join channels, send messages, get thinking signals, streamed chunks, replies and errors',
      description:
        'Upgrade to a WebSocket (API key in X-API-KEY or ?apiKey=; a session token in Authorization: Bearer or ?token=, which joins and sends only in its own rooms and channels). Client frames are JSON: join {channelId, agentId}, leave {channelId}, send {channelId, text, agentId?, id?, ...}, ping. ' +
        'Server frames: ready, joined, left, accepted, user_message, thinking {active}, chunk {index, chunk}, reply {content}, done {mode, duplicate, replies}, cleared, control {action, target}, error {error: {code, message, path?}}, pong. See docs/api.md.',
      tags: ['websocket'],
      'x-client-frames': clientFramesJsonSchema(),
      response: {
        101: z.null().describe('Switching protocols'),
        401: errorBodySchema.describe('Missing or wrong API key or session token'),
        426: errorBodySchema.describe('Not a WebSocket upgrade'),
      },
    },
    handler: async (_request, reply) =>
      reply
        .code(426)
        .header('upgrade', 'websocket')
        .send(
          errorBody(
            new RequestValidationError(
              'headers.upgrade',
              'this endpoint speaks WebSocket only; connect with a WebSocket client',
            ),
          ),
        ),
    wsHandler: (socket, request) => {
      const gate = gateFor(request);
      new WsConnection(socket, {
        ...context,
        ...(unlimited(request) ? { rateLimit: false as const } : {}),
        ...(gate ? { gate } : {}),
      });
    },
  });
}
