import type { FastifyReply, FastifyRequest } from 'fastify';
import { decoyHash, verifyPassword } from './password.ts';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from './sessions.ts';
import { unauthorized } from '../http/errors.ts';
import { userDetails } from '../routes/users.ts';
import type { RouteArea } from '../routes/area.ts';

/** One answer for every failed sign-in, so it tells nothing about which part was wrong. */
export const SIGN_IN_FAILED = 'Wrong username or password';

interface LoginBody {
  username: string;
  password: string;
}

/** Rate-limit key of a sign-in: client IP and the username tried (lower case). */
export function signInKey(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  const username = body && typeof body.username === 'string' ? body.username.toLowerCase().slice(0, 255) : '';
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

/** POST auth/login and auth/logout (issue 3 item 2). */
export const authArea: RouteArea = (app, deps) => {
  app.post<{ Body: LoginBody }>(
    '/auth/login',
    {
      config: {
        public: true,
        // Counted after the body is parsed so the key can include the username.
        rateLimit: {
          max: deps.settings.loginRatePerMinute,
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
      schema: {
        summary: 'Sign in: sets the HttpOnly, SameSite=Strict session cookie and answers the user',
        tags: ['auth'],
        body: {
          type: 'object',
          required: ['username', 'password'],
          additionalProperties: false,
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 255 },
            password: { type: 'string', minLength: 1, maxLength: 1024 },
          },
        },
        response: { 200: { type: 'object', additionalProperties: true } },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const found = await deps.store.users.credentials(username);
      // Verify against a decoy when the user is unknown: same cost, no enumeration by timing.
      const ok = await verifyPassword(password, found?.password ?? (await decoyHash()));
      if (!found || !ok || !found.user.active) throw unauthorized(SIGN_IN_FAILED);
      const { token } = await deps.sessions.create(found.user.id);
      setSessionCookie(request, reply, token);
      request.log.info({ userId: found.user.id }, 'signed in');
      return await userDetails(deps.store, found.user, deps.now());
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: { summary: 'Sign out: ends the session and closes its websockets', tags: ['auth'], response: { 204: { type: 'null' } } },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (auth !== null) {
        await deps.sessions.end(auth.principal.sessionId);
        deps.closeSessionSockets(auth.principal.sessionId);
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict' });
      return reply.code(204).send();
    },
  );
};
