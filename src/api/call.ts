/**
 * The console's one typed way to call the server: `call(endpoint, input)`. It builds the URL from
 * the endpoint's path and params, sends the query and body, and decodes the answer with the
 * endpoint's response Schema (`unknown` stops here). A refusal rejects with an ApiError whose
 * `fields` maps each bad field to the server's message (spec 002 §5 wording), so a form can show
 * them where the user typed.
 */
import { Result, Schema } from 'effect';
import { endpointName, fillPath, type AnyEndpoint, type BodyOf, type BytesBody, type ParamsOf, type QueryOf, type ResponseOf } from '../protocol/rest/endpoint.ts';
import { issueText } from '../protocol/issueText.ts';
import { ApiError, apiRequest } from './http.ts';

/** A part the endpoint lacks may be left out; so may a part whose every field is optional. */
type Part<Name extends string, T> = [T] extends [undefined] ? { readonly [K in Name]?: undefined } : {} extends T ? { readonly [K in Name]?: T } : { readonly [K in Name]: T };

/** The input of a call: the params, query and body the endpoint declares (and only those). */
export type CallInput<E extends AnyEndpoint> = Part<'params', ParamsOf<E>> &
  Part<'query', QueryOf<E>> &
  Part<'body', BodyOf<E>> &
  // An endpoint whose body is bytes (an overlay image) takes them as a Blob (a File).
  (E['bytesBody'] extends BytesBody ? { readonly bytes: Blob } : { readonly bytes?: undefined });

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** See RequestOptions.redirectOn401 (src/api/http.ts). */
  readonly redirectOn401?: boolean;
}

/** A query object as text values; arrays and objects are not query values in this contract. */
function queryText(query: unknown): Record<string, string | number | boolean | undefined> | undefined {
  if (query === undefined || query === null) return undefined;
  const out: Record<string, string | number | boolean | undefined> = {};
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    else throw new Error(`query.${key} is not a text, number or boolean`);
  }
  return out;
}

/** The answer of a server that does not keep the contract: an ApiError naming the field. */
export class ContractError extends ApiError {
  constructor(endpoint: AnyEndpoint, detail: string) {
    super(0, `The server's answer to ${endpointName(endpoint)} is not what the console expects: ${detail}`);
    this.name = 'ContractError';
  }
}

export async function call<E extends AnyEndpoint>(endpoint: E, input: CallInput<E>, options: CallOptions = {}): Promise<ResponseOf<E>> {
  const { params, query, body, bytes } = input as { params?: Record<string, unknown>; query?: unknown; body?: unknown; bytes?: Blob };
  const path = fillPath(endpoint.path, params);
  const answer = await apiRequest(path, {
    method: endpoint.method,
    ...(endpoint.body !== undefined ? { body: body ?? {} } : {}),
    ...(endpoint.bytesBody !== undefined ? { bytes: { contentType: endpoint.bytesBody.contentType, data: bytes ?? new Blob([]) } } : {}),
    ...(query !== undefined ? { query: queryText(query) } : {}),
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
    ...(options.redirectOn401 !== undefined ? { redirectOn401: options.redirectOn401 } : {}),
  });
  return decodeAnswer(endpoint, answer);
}

/** The answer of a 2xx as the endpoint's response Schema decodes it; a ContractError naming the field when it does not. */
export function decodeAnswer<E extends AnyEndpoint>(endpoint: E, answer: unknown): ResponseOf<E> {
  if (endpoint.produces !== undefined) return answer as ResponseOf<E>;
  const decoded = Schema.decodeUnknownResult(endpoint.response)(answer, { errors: 'all' });
  if (Result.isFailure(decoded)) throw new ContractError(endpoint, issueText(decoded.failure, 'answer'));
  return decoded.success as ResponseOf<E>;
}

/** The per-field messages of a refused call (`{}` when the error carries none). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const body = error.body;
  if (typeof body !== 'object' || body === null) return {};
  const fields = (body as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The message to show for a failed call: the server's message, or the network failure's. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
