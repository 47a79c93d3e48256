import type { FastifyRequest } from 'fastify';

/**
 * Origin check of the websocket upgrade (protocol.md "the server checks Origin"): the browser's
 * Origin must be the server's own origin (same scheme and Host as the request), or one listed
 * in LUC_ALLOWED_ORIGINS. A request without Origin (not a browser) is refused too.
 */
export function makeOriginCheck(allowed: readonly string[]): (request: FastifyRequest) => boolean {
  const extra = new Set(allowed);
  return (request) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || origin === '') return false;
    if (extra.has(origin)) return true;
    const host = request.headers.host;
    if (typeof host !== 'string') return false;
    return origin === `http://${host}` || origin === `https://${host}`;
  };
}
