/** The REST base of spec 000 §7 and 002 §7: every call path is relative to this. */
export const API_PREFIX = '/luc/luc-core-web/rest';
/** The websocket of protocol.md. */
export const WS_PATH = '/luc/luc-core-web/ws';
/** Everything under this belongs to the back end (never the console's SPA fallback). */
export const BACKEND_PREFIX = '/luc/';

export function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}
