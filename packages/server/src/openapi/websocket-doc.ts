import { z } from 'zod';
import { clientFrameSchema } from '../ws/ws-protocol';

/** The WebSocket endpoint as an OpenAPI path (OpenAPI has no WebSocket operations; the frames are in the description). */
export function websocketPath(): Record<string, Record<string, unknown>> {
  const frames = z.toJSONSchema(clientFrameSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete frames.$schema;
  return {
    '/ws': {
      get: {
        operationId: 'websocket',
        summary: 'WebSocket: join channels, send messages, get thinking signals, streamed chunks, replies and errors',
        description:
          'Upgrade to a WebSocket (API key in X-API-KEY or ?apiKey=). Client frames are JSON: join {channelId, agentId}, leave {channelId}, send {channelId, text, agentId?, id?, ...}, ping. ' +
          'Server frames: ready, joined, left, accepted, user_message, thinking {active}, chunk {index, chunk}, reply {content}, done {mode, duplicate, replies}, cleared, error {error: {code, message, path?}}, pong. See docs/api.md.',
        tags: ['websocket'],
        'x-client-frames': frames,
        responses: { 101: { description: 'Switching protocols' }, 401: { description: 'Missing or wrong API key' } },
        security: [{ ApiKeyAuth: [] }],
      },
    },
  };
}
