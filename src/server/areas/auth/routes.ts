/**
 * Sign-in and sign-out (issue 3 item 2): one `defineRoute` per endpoint of
 * src/protocol/rest/auth.ts. Sign-in is public and has its own rate limit: 10 attempts a minute per
 * client address and username, counted after the body is parsed so the key can hold the username.
 * Both sign-in limits (that one and the failures per address) count in the store, so every instance
 * on one database shares them (issue 18).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { SELF } from '../../http/scope.ts';
import { HttpError, unauthorized } from '../../http/errors.ts';
import { SignInThrottle } from '../../auth/signInThrottle.ts';
import { storeRateLimit } from '../../http/sharedRateLimit.ts';
import * as api from '../../../protocol/rest/auth.ts';
import { decoyHash, verifyPassword } from '../../auth/password.ts';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../../auth/sessions.ts';
import type { RouteDeps } from '../deps.ts';
import { userDetails } from '../account/service.ts';

/** One answer for every failed sign-in, so it tells nothing about which part was wrong. */
export const SIGN_IN_FAILED = 'Wrong username or password';

/** Rate-limit key of a sign-in: client IP and the username tried (lower case). */
export function signInKey(request: FastifyRequest): string {
  const body: unknown = request.body;
  const username = typeof body === 'object' && body !== null && 'username' in body && typeof body.username === 'string' ? body.username.toLowerCase().slice(0, 255) : '';
  return `${request.ip}|${username}`;
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    // Secure only over https: the default start is plain http on 127.0.0.1.
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function authRoutes(deps: RouteDeps): RouteDefinition[] {
  const failures = new SignInThrottle(deps.store.signInLimits, deps.settings.signInFailuresPerAddress, deps.now);
  return [
    defineRoute(api.login, {
      access: 'public',
      scope: SELF,
      config: {
        rateLimit: {
          max: deps.settings.loginRatePerMinute,
          store: storeRateLimit(deps.store.signInLimits, 'login', deps.now),
          timeWindow: 60_000,
          hook: 'preValidation',
          keyGenerator: signInKey,
          errorResponseBuilder: (_request, context) => ({
            statusCode: context.statusCode,
            error: 'Too Many Requests',
            message: `Too many sign-in attempts; retry in ${context.after}`,
          }),
        },
      },
      handler: async ({ body, request, reply }) => {
        const wait = await failures.retryAfterSeconds(request.ip);
        if (wait > 0) throw new HttpError(429, `Too many failed sign-ins from this address; retry in ${wait} seconds`);
        const found = await deps.store.users.credentials(body.username);
        // Verify against a decoy when the user is unknown: same cost, no enumeration by timing.
        const ok = await verifyPassword(body.password, found?.password ?? (await decoyHash()));
        if (!found || !ok || !found.user.active) {
          await failures.failed(request.ip);
          throw unauthorized(SIGN_IN_FAILED);
        }
        // Signing in again rotates the session: the one this browser held ends with its sockets.
        if (request.auth !== null) {
          await deps.sessions.end(request.auth.principal.sessionId);
          deps.closeSessionSockets(request.auth.principal.sessionId);
        }
        const { token } = await deps.sessions.create(found.user.id);
        setSessionCookie(request, reply, token);
        request.log.info({ userId: found.user.id }, 'signed in');
        return userDetails(deps.store, found.user, deps.now());
      },
    }),
    defineRoute(api.logout, {
      access: 'self.read',
      scope: SELF,
      handler: async ({ auth, reply }) => {
        await deps.sessions.end(auth.principal.sessionId);
        deps.closeSessionSockets(auth.principal.sessionId);
        reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict' });
        // 204 No Content: sent here, the contract's answer is "no body".
        reply.code(204).send();
        return undefined;
      },
    }),
  ];
}
