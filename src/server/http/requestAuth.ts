import type { User } from '../areas/users/repo.ts';
import type { UserType } from '../../domain/roles/userTypes.ts';
import type { Principal } from '../live/types.ts';

/** Who made a REST call: resolved once per request from the session cookie by the API gate. */
export interface RequestAuth {
  principal: Principal;
  user: User;
  /** The user's known user types (spec 002 §3 loggedUserRoles); unknown stored types grant nothing. */
  roles: UserType[];
  /** The registered client application named by the Application-Id header. */
  applicationId: string;
}

/** Per-route options read by the API gate and the OpenAPI generator (route `config`). */
export interface RouteAccess {
  /** No session needed (sign-in, the OpenAPI document). */
  public?: boolean;
  /** No Application-Id needed (the OpenAPI document, so tools can read it). */
  noApplicationId?: boolean;
  /** Left out of the OpenAPI document. */
  hidden?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API gate on calls under the REST prefix; null without a valid session. */
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig extends RouteAccess {}
  /** OpenAPI keys read by http/openapi.ts. */
  interface FastifySchema {
    summary?: string;
    description?: string;
    tags?: readonly string[];
  }
}

/** The signed-in caller; only valid after the gate (every non-public API route). */
export function authOf(request: { auth: RequestAuth | null }): RequestAuth {
  if (request.auth === null) throw new Error('authOf called on a route without a session (mark it public or remove the call)');
  return request.auth;
}
