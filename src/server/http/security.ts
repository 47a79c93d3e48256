import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { RouteRateLimitStores } from './sharedRateLimit.ts';

/**
 * Requests per minute per client IP on every route (generous: a console with thousands of units is
 * chatty). Counted per instance, in memory (see sharedRateLimit.ts).
 */
export const GLOBAL_RATE_PER_MINUTE = 3_000;
/** Sign-in attempts per minute per client IP and username (counted in the store: shared by every instance). */
export const LOGIN_RATE_PER_MINUTE = 10;

export interface SecurityOptions {
  /** Optional map tile URL template; its origin is allowed for images and fetches. */
  mapTileUrl?: string | null;
  globalRatePerMinute?: number;
}

/**
 * Content Security Policy of the console: scripts only from the console's own files (no inline
 * script, no eval), web workers from the console's files or blob: URLs (OpenLayers and Vite
 * workers), images also from data: and blob: (icons, canvas snapshots) and the tile server,
 * connections to the own origin (REST and the websocket). Inline styles stay allowed: OpenLayers and
 * the virtual lists set element styles. WebGL needs no CSP source.
 */
export function contentSecurityPolicy(mapTileUrl: string | null | undefined): Record<string, string[] | null> {
  const tileOrigin = tileOriginOf(mapTileUrl);
  const extra = tileOrigin ? [tileOrigin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    childSrc: ["'self'", 'blob:'],
    imgSrc: ["'self'", 'data:', 'blob:', ...extra],
    connectSrc: ["'self'", ...extra],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    scriptSrcAttr: ["'none'"],
    // The server listens on plain http://127.0.0.1 by default: upgrading would break every asset.
    upgradeInsecureRequests: null,
  };
}

function tileOriginOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    // Template placeholders ({z}/{x}/{y}, {a-c}) may sit in the host; keep them out of URL parsing.
    return new URL(url.replace(/\{[^}]*\}/g, 'x')).origin.replace('://x.', '://*.');
  } catch {
    return null;
  }
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.mapTileUrl) },
    // Plain http on loopback by default; HSTS would only matter behind TLS, where the proxy sets it.
    strictTransportSecurity: false,
    // One frame policy: no page may frame the console (CSP frame-ancestors 'none' says the same).
    frameguard: { action: 'deny' },
  });
  await app.register(rateLimit, {
    global: true,
    // In memory per instance, except a route that brings its own store (the shared /login limit).
    store: RouteRateLimitStores,
    max: options.globalRatePerMinute ?? GLOBAL_RATE_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: 'Too Many Requests',
      message: `Too many requests; retry in ${context.after}`,
    }),
  });
}
