import type { ApiRoutes } from '../http/api-app';
import { registerAgentRoutes } from './agent-routes';
import { registerChannelRoutes } from './channel-routes';
import { registerConversationRoutes } from './conversation-routes';
import { registerDocsRoutes } from './docs-routes';
import { registerHealthRoutes } from './health-routes';
import { registerMemoryRoutes } from './memory-routes';
import { registerMessageRoutes } from './message-routes';
import { registerMetricsRoutes } from './metrics-routes';
import { registerPluginRoutes } from './plugin-routes';
import { registerRoomRoutes } from './room-routes';
import { registerRunRoutes } from './run-routes';
import { registerSessionRoutes } from './session-routes';
import { registerStudioRoutes } from './studio-routes';
import { registerUsageRoutes } from './usage-routes';

/**
 * The REST route modules. A route is declared once, in its module, with its
 * zod schemas: Fastify validates and serialises with them and @fastify/swagger
 * documents them. A new module is added here.
 */
export const API_ROUTES: readonly ApiRoutes[] = [
  registerHealthRoutes,
  registerMetricsRoutes,
  registerAgentRoutes,
  registerStudioRoutes,
  registerMessageRoutes,
  registerChannelRoutes,
  registerRoomRoutes,
  registerConversationRoutes,
  registerMemoryRoutes,
  registerRunRoutes,
  registerUsageRoutes,
  registerPluginRoutes,
  registerSessionRoutes,
  registerDocsRoutes,
];
