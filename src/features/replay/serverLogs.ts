/**
 * The logs the server holds (GET v2/replay/logs, super user only) and one log's bytes
 * (GET v2/replay/logs/{name}), for the Replay page's "On the server" list. The listing is decoded
 * at the edge: entries that are not { name, size, modified, source } are left out.
 */
import { apiRequest, apiUrl, APPLICATION_ID, ApiError, messageOfErrorBody, UNREACHABLE_MESSAGE } from '../../api/http.ts';

export type ServerLog = { readonly name: string; readonly size: number; readonly modified: string; readonly source: string };

export function decodeServerLogs(body: unknown): ServerLog[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { name, size, modified, source } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || typeof size !== 'number' || typeof modified !== 'string' || typeof source !== 'string') return [];
    return [{ name, size, modified, source }];
  });
}

export async function fetchServerLogs(signal?: AbortSignal): Promise<ServerLog[]> {
  return decodeServerLogs(await apiRequest('v2/replay/logs', signal === undefined ? {} : { signal }));
}

/** The log's bytes (handed to the worker as they are: it decodes and parses them). */
export async function fetchServerLog(name: string): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(apiUrl(`v2/replay/logs/${encodeURIComponent(name)}`), {
      headers: { Accept: 'application/x-ndjson, application/json', 'Application-Id': APPLICATION_ID },
      credentials: 'include',
    });
  } catch {
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the text itself
    }
    throw new ApiError(response.status, messageOfErrorBody(response.status, response.statusText, body), body);
  }
  return response.arrayBuffer();
}
