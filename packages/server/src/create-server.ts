import { createLogger, type IAgentRuntime, type UUID } from '@kith/core';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { AgentRegistry } from './agents/agent-registry';
import { DEFAULT_AGENT_SYNC_MS, StudioAgents } from './agents/studio-agents';
import { installAccessGuard } from './auth/access-guard';
import { ConversationAccess } from './auth/conversation-access';
import { sessionPolicies } from './auth/session-policies';
import { resolveSessionSettings } from './auth/session-settings';
import { SessionTokens } from './auth/session-tokens';
import { sessionWsGate } from './auth/ws-gate';
import { MessageBus } from '@kith/core';
import { useZodSchemas } from './http/api-app';
import { clientErrorHandler } from './http/client-error-handler';
import { frameworkErrorReply, installErrorHandlers } from './http/error-reply';
import { installJsonParser } from './http/json-parser';
import { MetricsRecorder } from './metrics/metrics-recorder';
import { registerOpenApi } from './openapi/register-openapi';
import { isRateLimitExempt } from './rate-limit/rate-limit-exempt';
import { API_ROUTES } from './routes/api-routes';
import type { ServerContext } from './server-context';
import { type KithServerOptions, resolveServerSettings, type TrustProxy } from './server-options';
import { WEB_CHAT_DIR } from './web/web-chat-dir';
import { ChannelService } from './channels/channel-service';
import { WsHub } from './ws/ws-hub';
import { registerWsRoutes } from './ws/ws-routes';
import { RateLimitedError } from './errors';
import { KithMetrics } from './metrics/kith-metrics';
import { addServerGauges } from './metrics/server-gauges';

export interface ListenOptions {
  /** Default KITH_SERVER_PORT, else 3000; 0 picks a free port. */
  port?: number;
  /** Default KITH_SERVER_HOST, else 127.0.0.1. */
  host?: string;
}

/** A running (or ready to listen) Kith server. */
export interface KithServer {
  /** The Fastify instance (for inject() in tests, or more routes before listen). */
  readonly app: FastifyInstance;
  readonly bus: MessageBus;
  /** The base URL once listening, e.g. http://127.0.0.1:3000. */
  readonly url: string | undefined;
  readonly agents: IAgentRuntime[];
  /** Kith's metrics (GET /metrics); `kith start` adds an OpenTelemetry sink to export them over OTLP. */
  readonly metrics: KithMetrics;
  listen(options?: ListenOptions): Promise<string>;
  /** Stops taking requests, closes WebSockets, then unloads the agents (stopping them unless stopAgentsOnClose is false). */
  close(): Promise<void>;
  /** Serves another agent (initialised if needed; it needs @kith/plugin-bootstrap). */
  addAgent(runtime: IAgentRuntime): Promise<void>;
  /** Stops serving an agent; false when it was not served. */
  removeAgent(agentId: UUID): Promise<boolean>;
  getAgent(agentId: UUID): IAgentRuntime | undefined;
}

function baseUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/**
 * Creates the server: Fastify (logging through the agents' pino logger) with
 * the REST API, the WebSocket endpoint, the message bus with a
 * MessageBusService per agent, health, metrics, run timelines, plugin routes
 * and the OpenAPI document. Call listen() to accept connections.
 */
export async function createServer(options: KithServerOptions = {}): Promise<KithServer> {
  const settings = resolveServerSettings(options);
  const logger = options.logger ?? createLogger({ namespace: 'server' });
  const env = options.env ?? process.env;
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: settings.bodyLimit,
    // Per-request lines would drown the agents' logs; onResponse logs each request at debug.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOf(settings.trustProxy),
    routerOptions: { maxParamLength: 2048 },
    // Requests the HTTP parser or the router refuses get the same error body as the rest.
    clientErrorHandler,
    frameworkErrors: frameworkErrorReply,
  }) as unknown as FastifyInstance;

  const bus = new MessageBus(logger);
  const telemetry = new KithMetrics();
  const agents = new AgentRegistry(bus, options.runs ?? {}, telemetry);
  const hub = new WsHub(bus);
  addServerGauges(telemetry, agents, hub);
  const channels = new ChannelService(agents, bus, logger);
  const httpMetrics = new MetricsRecorder();
  const sessionSettings = resolveSessionSettings(options.sessions ?? {}, env, settings.authToken);
  const tokens = new SessionTokens(sessionSettings.secret);
  const conversations = new ConversationAccess(agents, channels);
  const context: ServerContext = {
    agents,
    bus,
    channels,
    settings,
    httpMetrics,
    telemetry,
    startedAt: Date.now(),
    logger,
    sessions: { settings: sessionSettings, tokens },
    ...(options.agentFactory ? { studio: new StudioAgents(agents, options.agentFactory, logger) } : {}),
  };

  installErrorHandlers(app, settings.bodyLimit);
  installJsonParser(app);
  // Before the routes: it collects them as they are added.
  await registerOpenApi(app);
  // First: its onRequest hook marks upgrade requests, so a refused upgrade (401, 429) still closes its socket.
  await app.register(fastifyWebsocket, { options: { maxPayload: settings.bodyLimit } });
  const { rateLimit } = settings;
  if (rateLimit) {
    await app.register(fastifyRateLimit, {
      max: rateLimit.max,
      timeWindow: rateLimit.timeWindowMs,
      allowList: (request) => isRateLimitExempt(request, rateLimit, settings.authToken),
      errorResponseBuilder: (_request, limit) => new RateLimitedError(limit.max, rateLimit.timeWindowMs, limit.ttl),
    });
  }
  if (settings.cors)
    await app.register(fastifyCors, {
      origin: settings.cors,
      allowedHeaders: ['content-type', 'x-api-key', 'authorization'],
    });
  installAccessGuard(app, {
    authToken: settings.authToken,
    tokens,
    policies: sessionPolicies(agents, conversations),
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route) httpMetrics.record(`http:${request.method} ${route}`, reply.elapsedTime, reply.statusCode < 500);
    request.log.debug(
      { method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
  // Zod schemas in a scope of their own: routes added through `configure` keep Fastify's JSON Schema validation.
  await app.register(async (scope) => {
    const api = useZodSchemas(scope);
    for (const registerRoutes of API_ROUTES) registerRoutes(api, context);
    registerWsRoutes(
      api,
      { hub, bus, agents, channels, rateLimit, logger },
      (request) => rateLimit !== false && isRateLimitExempt(request, rateLimit, settings.authToken),
      (request) =>
        request.principal?.kind === 'session'
          ? sessionWsGate(request.principal.session, conversations, bus)
          : undefined,
    );
  });
  const staticDir = options.staticDir ?? WEB_CHAT_DIR;
  if (staticDir) await app.register(fastifyStatic, { root: staticDir, prefix: '/' });
  await options.configure?.(app);

  for (const runtime of options.agents ?? []) await agents.add(runtime, options.agentSource);
  // Studio agents stored by an earlier run or another server of the fleet start before the server listens.
  if (context.studio) {
    await context.studio.sync();
    context.studio.startSync(options.agentSyncMs ?? DEFAULT_AGENT_SYNC_MS);
  }

  let url: string | undefined;
  let closed = false;
  const stopAgents = options.stopAgentsOnClose ?? true;
  return {
    app,
    bus,
    metrics: telemetry,
    get url() {
      return url;
    },
    get agents() {
      return agents.all.map((agent) => agent.runtime);
    },
    async listen(listenOptions: ListenOptions = {}) {
      const port = listenOptions.port ?? (env.KITH_SERVER_PORT ? Number(env.KITH_SERVER_PORT) : 3000);
      const host = listenOptions.host ?? env.KITH_SERVER_HOST ?? '127.0.0.1';
      await app.listen({ port, host });
      const address = app.server.address();
      url = baseUrl(host, typeof address === 'object' && address ? address.port : port);
      logger.info({ url, agents: agents.all.map((agent) => agent.name) }, `Kith server listening on ${url}`);
      return url;
    },
    async close() {
      if (closed) return;
      closed = true;
      await context.studio?.close();
      hub.close();
      channels.close();
      await app.close();
      for (const agent of agents.all) await agents.remove(agent.id, stopAgents);
    },
    async addAgent(runtime) {
      await agents.add(runtime);
    },
    removeAgent: (agentId) => agents.remove(agentId, stopAgents),
    getAgent: (agentId) => agents.get(agentId)?.runtime,
  };
}

/** Fastify's trustProxy: a hop count as the function proxy-addr makes of one (its types take no number). */
function trustProxyOf(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
