import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { apiKeyMatches, pathOf, presentedBearer, presentedKey, WS_PATH } from './api-key';
import type { Principal, RouteAccess } from './route-access';
import type { SessionPolicy } from './session-policies';
import type { SessionTokens } from './session-tokens';

export interface AccessGuardOptions {
  /** The admin key (KITH_SERVER_AUTH_TOKEN); without one, a request without a session is admin. */
  authToken: string | undefined;
  tokens: SessionTokens;
  policies: ReadonlyMap<string, SessionPolicy>;
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/') || path === WS_PATH;

/** The route's declared access; an /api (or /ws) route without one is admin-only; static files are not checked. */
function accessOf(request: FastifyRequest): RouteAccess | undefined {
  return request.routeOptions.config?.access ?? (isApiPath(pathOf(request)) ? 'admin' : undefined);
}

/**
 * Who sent the request: the admin key (X-API-KEY, or as a bearer token, as
 * Prometheus sends it), a session token (Authorization: Bearer, or `?token=`
 * on the WebSocket), or nobody. A credential that is sent must be valid.
 */
async function authenticate(request: FastifyRequest, options: AccessGuardOptions): Promise<Principal> {
  const { authToken } = options;
  const key = presentedKey(request);
  if (key !== undefined) {
    if (!authToken || apiKeyMatches(key, authToken)) return { kind: 'admin' };
    throw new UnauthorizedError();
  }
  const bearer = presentedBearer(request);
  if (bearer !== undefined) {
    if (authToken && apiKeyMatches(bearer, authToken)) return { kind: 'admin' };
    return { kind: 'session', session: await options.tokens.verify(bearer) };
  }
  return authToken ? { kind: 'none' } : { kind: 'admin' };
}

function policyKey(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? pathOf(request)}`;
}

/** Refuses a principal the route's access level does not let in (sessions go on to their policy). */
function enforce(access: RouteAccess, principal: Principal, request: FastifyRequest): void {
  if (principal.kind === 'admin' || access === 'public') return;
  if (access === 'plugin' && request.routeOptions.config.pluginRouteIsPublic?.(request)) return;
  if (principal.kind === 'none') throw new UnauthorizedError();
  if (access !== 'session') throw new ForbiddenError(`call ${policyKey(request)}`);
}

/**
 * The one place the API's access rules are applied: every route declares
 * `config.access` (route-access.ts); onRequest authenticates and checks the
 * level, preHandler runs the route's session policy on the validated request,
 * preSerialization narrows a session's successful answers.
 */
export function installAccessGuard(app: FastifyInstance, options: AccessGuardOptions): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const access = accessOf(request);
    if (access === undefined) return;
    let principal: Principal;
    try {
      principal = await authenticate(request, options);
    } catch (error) {
      // A public route serves anyone; the route itself may still refuse a bad credential (POST /api/sessions).
      if (access !== 'public') throw error;
      principal = { kind: 'none', refused: error as Error };
    }
    request.principal = principal;
    enforce(access, principal, request);
  });
  app.addHook('preHandler', async (request) => {
    if (request.principal?.kind !== 'session' || accessOf(request) !== 'session') return;
    const policy = options.policies.get(policyKey(request));
    if (!policy) throw new ForbiddenError(`call ${policyKey(request)}`);
    await policy.check(request, request.principal.session);
  });
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (request.principal?.kind !== 'session' || reply.statusCode >= 400 || accessOf(request) !== 'session')
      return payload;
    const policy = options.policies.get(policyKey(request));
    return policy?.filter ? policy.filter(request, request.principal.session, payload) : payload;
  });
}
