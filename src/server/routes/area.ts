import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/store.ts';
import type { SessionService } from '../auth/sessions.ts';

/** Settings route code may read (a subset of ServerConfig plus build facts). */
export interface AppSettings {
  mapTileUrl: string | null;
  /** Origins allowed on the websocket upgrade besides the server's own. */
  allowedOrigins: readonly string[];
  /** The built console (Vite's dist/). */
  distDir: string;
  /** Sign-in attempts per minute per IP and username. */
  loginRatePerMinute: number;
  /** Requests per minute per IP on every route. */
  globalRatePerMinute: number;
}

/** Live facts route code may ask for, answered by the simulator (wired in main.ts). */
export interface LiveQueries {
  /** The active alerts of the units of a group (spec 000 §3 alerts; v2/alerts/active). */
  activeAlerts(groupId: string): unknown[];
}

/** What every route area receives. */
export interface RouteDeps {
  store: Store;
  sessions: SessionService;
  settings: AppSettings;
  live: LiveQueries;
  /** Ends the websockets of a session (the gateway's closeSessionSockets). */
  closeSessionSockets(sessionId: string): void;
  now(): number;
}

/**
 * One area of the REST API (one file under src/server/routes/): a function registering its routes
 * with paths relative to the REST prefix, starting with a slash (e.g. '/groups/fetch'). buildApp mounts each under
 * /luc/luc-core-web/rest; the API gate has already checked Application-Id and the session. Use
 * requireGroup / requireRole / requireUnit (http/guards.ts) as preHandlers and give every route a
 * JSON schema for params, querystring and body (they also make the OpenAPI document).
 */
export type RouteArea = (app: FastifyInstance, deps: RouteDeps) => Promise<void> | void;

/** Reusable schema pieces. */
export const GROUP_QUERY = {
  type: 'object',
  properties: { crnt_vcg_uid: { type: 'string', minLength: 1, maxLength: 128, description: 'current group id' } },
} as const;

export const ERROR_RESPONSE = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'string' }, message: { type: 'string' } },
} as const;
