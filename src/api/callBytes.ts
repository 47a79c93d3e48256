/**
 * `call` for an endpoint whose answer is not JSON (`produces`: an NDJSON log, a file): the same
 * URL from the endpoint's path and params, the same headers and the same ApiError on a refusal,
 * but the answer is handed over as bytes, untouched (a log of many MB is parsed by a worker, not
 * decoded as text here). src/api/call.ts is the JSON counterpart.
 */
import { endpointName, fillPath, type AnyEndpoint } from '../protocol/rest/endpoint.ts';
import type { CallInput, CallOptions } from './call.ts';
import { ApiError, apiUrl, APPLICATION_ID, messageOfErrorBody, UNREACHABLE_MESSAGE } from './http.ts';

/** The error body of a refusal: JSON when it parses, else the text itself. */
function bodyOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function callBytes<E extends AnyEndpoint>(endpoint: E, input: CallInput<E>, options: Pick<CallOptions, 'signal'> = {}): Promise<ArrayBuffer> {
  if (endpoint.produces === undefined) throw new Error(`${endpointName(endpoint)} answers JSON: use call()`);
  if (endpoint.method !== 'GET') throw new Error(`${endpointName(endpoint)}: callBytes reads GET answers only`);
  const { params } = input as { params?: Record<string, unknown> };
  let response: Response;
  try {
    response = await fetch(apiUrl(fillPath(endpoint.path, params)), {
      headers: { Accept: `${endpoint.produces}, application/json`, 'Application-Id': APPLICATION_ID },
      credentials: 'include', // the session cookie, also when VITE_LUC_BASE_URL is another origin
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
  if (!response.ok) {
    const body = bodyOf(await response.text());
    throw new ApiError(response.status, messageOfErrorBody(response.status, response.statusText, body), body);
  }
  return response.arrayBuffer();
}
