import type { FastifyInstance } from 'fastify';
import { isApiPath } from './paths.ts';

/** Preflight answers may be cached by the browser for 10 minutes. */
const PREFLIGHT_MAX_AGE_S = 600;
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = 'Accept, Application-Id, Content-Type';

/**
 * Cross-origin REST for a console served from another origin (docs/api.md): only the origins in
 * LUC_ALLOWED_ORIGINS get CORS headers, with credentials so the session cookie travels. Preflights
 * are answered here, before the API gate, because a browser sends them without Application-Id or
 * cookie. Any other origin gets no CORS headers, so the browser refuses to read the answer.
 * Must be installed before the API gate (hooks run in the order they are added).
 */
export function installCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  if (allowed.size === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(origin) || !isApiPath(request.url)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
      reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      reply.header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S));
      return reply.code(204).send();
    }
  });
}
