import { RequestValidationError } from '@kith/core';
import type { FastifyInstance } from 'fastify';
import { WS_PATH } from '../auth/api-key';
import { errorBody } from '../http/error-reply';
import { WsConnection, type WsConnectionContext } from './ws-connection';

/** The WebSocket endpoint (protocol: ws-protocol.ts and docs/api.md); a plain GET gets 426. */
export function registerWsRoutes(app: FastifyInstance, context: WsConnectionContext): void {
  app.route({
    method: 'GET',
    url: WS_PATH,
    handler: async (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send(errorBody(new RequestValidationError('headers.upgrade', 'this endpoint speaks WebSocket only; connect with a WebSocket client'))),
    wsHandler: (socket) => {
      new WsConnection(socket, context);
    },
  });
}
