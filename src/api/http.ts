/**
 * The console's REST transport (spec 000 §7, 002 §7): every call goes to <base>/luc/luc-core-web/rest
 * with `Accept: application/json` and the `Application-Id` header, carries the session cookie, and
 * fails with an ApiError that holds the server's own message (error bodies are
 * `{ "error": "<reason>", "message": "<what is wrong>" }`).
 *
 * spec 002 §8 "HTTP 401 on any call: the browser is sent to the login page": a 401 calls the
 * handler the app registers (setUnauthorizedHandler) and still rejects, so the caller stops.
 */

/** spec 000 §7: every path is relative to this prefix. */
export const API_PREFIX = '/luc/luc-core-web/rest';
/** The client application this console registers as (the server's active client applications). */
export const APPLICATION_ID = 'luc-console';

/**
 * Where the back end lives: VITE_LUC_BASE_URL when the build names one (the console served from
 * another origin than the API), else the page's own origin. A trailing slash is dropped.
 */
export function apiBaseUrl(configured: string | undefined = import.meta.env['VITE_LUC_BASE_URL'] as string | undefined, origin: string = globalThis.location?.origin ?? ''): string {
  const base = configured !== undefined && configured.trim() !== '' ? configured.trim() : origin;
  return base.replace(/\/+$/, '');
}

/** The full URL of a REST path ("auth/login" or "/auth/login"). */
export function apiUrl(path: string, base: string = apiBaseUrl()): string {
  return `${base}${API_PREFIX}/${path.replace(/^\/+/, '')}`;
}

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The server's message (or ours when the server gave none). */
    message: string,
    /** The parsed error body, when it was JSON. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export const UNREACHABLE_MESSAGE = 'The server cannot be reached. Check the connection and try again.';

/** The message to show for an error body: its `message`, else its `error`, else the status line. */
export function messageOfErrorBody(status: number, statusText: string, body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    for (const key of ['message', 'error'] as const) {
      const value = record[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  if (typeof body === 'string' && body.trim() !== '' && body.length <= 300 && !body.trimStart().startsWith('<')) return body.trim();
  return `${status} ${statusText}`.trim();
}

type UnauthorizedHandler = (error: ApiError) => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/** The app's reaction to a 401 (return to the sign-in page). One handler; a later call replaces it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** The message of a session the server ended while the console was open (signed out in another tab). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended.';

/**
 * The live connection learned that the server ended the session (websocket close 4401): the same
 * reaction as a 401 on a REST call (spec 002 §8), so there is one way back to sign-in.
 */
export function reportSessionEnded(): void {
  onUnauthorized(new ApiError(401, SESSION_ENDED_MESSAGE));
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Sent as is instead of `body`, with its content type (an endpoint's `bytesBody`: an upload). */
  readonly bytes?: { readonly data: Uint8Array<ArrayBuffer>; readonly contentType: string };
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly signal?: AbortSignal;
  /**
   * False for calls whose 401 is an answer, not a lost session: the sign-in itself ("Wrong
   * username or password") and the probes of the router, which redirect on their own.
   */
  readonly redirectOn401?: boolean;
}

/** One REST call; resolves with the parsed JSON body (undefined for an empty answer such as 204). */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const { method = 'GET', body, bytes, query, signal, redirectOn401 = true } = options;
  let url = apiUrl(path);
  if (query !== undefined) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const text = params.toString();
    if (text !== '') url += `?${text}`;
  }
  const headers: Record<string, string> = { Accept: 'application/json', 'Application-Id': APPLICATION_ID };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (bytes !== undefined) headers['Content-Type'] = bytes.contentType;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'include', // the session cookie, also when VITE_LUC_BASE_URL is another origin
      ...(bytes !== undefined ? { body: bytes.data } : body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal !== undefined ? { signal } : {}),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text !== '') {
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) {
    const error = new ApiError(response.status, messageOfErrorBody(response.status, response.statusText, parsed), parsed);
    if (response.status === 401 && redirectOn401) onUnauthorized(error);
    throw error;
  }
  return parsed;
}
