import type { FastifyRequest } from 'fastify';
import type { Session } from './session';

/**
 * Who may call a route, declared on it (`config: { access }`) and checked by
 * the access guard:
 * - `public`: anyone, no credential (health, POST /api/sessions);
 * - `session`: the admin key, or an end-user session within what its session
 *   policy (session-policies.ts) allows: its agents, its rooms and channels;
 * - `admin`: the admin key only (the default of every /api route that declares nothing);
 * - `plugin`: a plugin's own route: public when the plugin marks it `public`, else admin.
 */
export type RouteAccess = 'admin' | 'session' | 'public' | 'plugin';

export const ROUTE_ACCESS_LEVELS: readonly RouteAccess[] = ['admin', 'session', 'public', 'plugin'];

/** Who sent a request: the admin key, an end-user session, or nobody (only when an admin key is set). */
export type Principal =
  | { kind: 'admin' }
  | { kind: 'session'; session: Session }
  /** `refused`: the credential a public route was sent but could not accept (that route serves it as nobody). */
  | { kind: 'none'; refused?: Error };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (see RouteAccess). */
    access?: RouteAccess;
    /** For `access: 'plugin'`: whether the plugin route this request reaches is marked `public`. */
    pluginRouteIsPublic?: (request: FastifyRequest) => boolean;
  }
  interface FastifyRequest {
    /** Set by the access guard on every request it checks. */
    principal: Principal | null;
  }
}

/** The session of a request, or undefined for the admin key (and for public routes called without one). */
export function sessionOf(request: FastifyRequest): Session | undefined {
  return request.principal?.kind === 'session' ? request.principal.session : undefined;
}
