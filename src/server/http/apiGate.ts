import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userTypesOf } from '../../domain/roles/userTypes.ts';
import type { Store } from '../store/store.ts';
import type { SessionService } from '../auth/sessions.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import type { Principal } from '../live/types.ts';
import { sendError } from './errors.ts';
import { isApiPath } from './paths.ts';
import type { RequestAuth } from './requestAuth.ts';

export const APPLICATION_ID_HEADER = 'application-id';
export const MISSING_APPLICATION_ID = 'Missing Application-Id header';

/** The session of a request's cookie, as a websocket Principal; null without a live session. */
export function makeAuthenticate(sessions: SessionService): (request: FastifyRequest) => Promise<Principal | null> {
  return async (request) => (await resolveAuth(sessions, request, ''))?.principal ?? null;
}

async function resolveAuth(sessions: SessionService, request: FastifyRequest, applicationId: string): Promise<RequestAuth | null> {
  const token = request.cookies?.[SESSION_COOKIE];
  const resolved = await sessions.resolve(token);
  if (resolved === null) return null;
  const { user, sessionId, groupIds } = resolved;
  return {
    principal: { sessionId, userId: user.id, username: user.username, userType: user.userType, groupIds },
    user,
    roles: userTypesOf([user.userType]),
    applicationId,
  };
}

/**
 * The checks every call under the REST prefix passes, in this order (spec 000 §7, 002 §7, issue 3):
 * 1. `Application-Id` header present (400 "Missing Application-Id header") and naming a registered
 *    active client application (400 otherwise);
 * 2. a live session (401), unless the route is public;
 * 3. a `crnt_vcg_uid` query parameter, when present, is one of the caller's groups (403).
 * Unknown routes under the prefix pass the same checks, so they answer 401 before 404.
 */
export function installApiGate(app: FastifyInstance, deps: { store: Store; sessions: SessionService }): void {
  app.decorateRequest('auth', null);
  // API answers carry a user's data: no browser or proxy keeps a copy (issue 16 item 6), unless a
  // route chose its own caching.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    const config = request.routeOptions.config ?? {};
    const header = request.headers[APPLICATION_ID_HEADER];
    const applicationId = typeof header === 'string' ? header.trim() : '';
    if (!config.noApplicationId) {
      if (applicationId === '') return sendError(reply, 400, MISSING_APPLICATION_ID);
      if (!(await deps.store.clientApplications.isActive(applicationId))) {
        return sendError(reply, 400, `Application-Id '${applicationId.slice(0, 64)}' is not a registered active client application`);
      }
    }
    request.auth = await resolveAuth(deps.sessions, request, applicationId);
    if (request.auth === null) {
      if (config.public) return;
      return sendError(reply, 401, 'Sign in first: no valid session');
    }
    const query = (request.query ?? {}) as Record<string, unknown>;
    const current = query['crnt_vcg_uid'];
    if (current !== undefined) {
      if (typeof current !== 'string') return sendError(reply, 400, 'query.crnt_vcg_uid must be given once');
      if (!request.auth.principal.groupIds.includes(current)) {
        return sendError(reply, 403, `Group '${current.slice(0, 64)}' is not one of your groups`);
      }
    }
  });
}
