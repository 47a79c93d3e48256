/**
 * The REST calls the worker makes (spec 000 §7): the snapshot after `reset`, one unit after a
 * revision gap, capabilities when a unit comes back online, the cached unit data refreshed on
 * selection, and the virtual-channel update. fetch is injected (the browser's in the worker, with
 * the session cookie sent by the browser; Node's global fetch plus a cookie header in tests).
 */
import type { Decoded } from '../../src/protocol/issueText.ts';
import type { UnitSnapshot } from '../../src/protocol/snapshot.ts';
import type { CachedKind } from '../../src/domain/units/interface.ts';
import { assertNever } from '../../src/domain/brand.ts';
import type { RestSnapshot } from './eventSource.ts';
import { decodeRestSnapshot, decodeUnitView } from './restSnapshot.ts';

/** The console's application id (spec 002 §7: every REST call carries Application-Id). */
export const CONSOLE_APPLICATION_ID = 'luc-console';

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string; credentials?: 'same-origin' | 'include'; signal?: AbortSignal }) => Promise<{
  status: number;
  ok: boolean;
  text(): Promise<string>;
}>;

export interface RestClientOptions {
  /** e.g. `https://host/luc/luc-core-web/rest` (no trailing slash). */
  baseUrl: string;
  fetch: FetchLike;
  /** Extra headers (Node: the session cookie). */
  headers?: Record<string, string>;
  /** Told about snapshot entries that did not decode. */
  onProblem?: (problem: string) => void;
}

/** A unit refetched after a gap: found with its rev, or not found (removed, or moved out of the user's groups). */
export type UnitFetch = { readonly found: true; readonly entry: UnitSnapshot } | { readonly found: false };

export class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RestError';
  }
}

export interface RestClient {
  /** `signal` aborts a snapshot nobody waits for any more (a resync abandoned): it frees the connection. */
  fetchSnapshot(groupId: string, signal?: AbortSignal): Promise<RestSnapshot>;
  fetchUnit(unitId: string): Promise<UnitFetch>;
  fetchCapabilities(unitId: string): Promise<unknown>;
  fetchCached(kind: CachedKind, unitId: string): Promise<unknown>;
  /**
   * Sets the unit's virtual channel (spec 000 §7: POST devices_retry/{id}/commands/LuSetVirtualChannel/{retry},
   * body virtualChannelName); false when the server refused it (the caller retries).
   */
  putVirtualChannel(unitId: string, name: string, retry: number): Promise<boolean>;
}

function unwrap<T>(decoded: Decoded<T>, what: string): T {
  if (!decoded.ok) throw new RestError(0, `${what}: ${decoded.error}`);
  return decoded.value;
}

export function createRestClient(options: RestClientOptions): RestClient {
  const headers = { accept: 'application/json', 'application-id': CONSOLE_APPLICATION_ID, ...options.headers };

  async function call(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<{ status: number; json: unknown }> {
    const init: Parameters<FetchLike>[1] = { method, headers: { ...headers }, credentials: 'same-origin', ...(signal !== undefined ? { signal } : {}) };
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await options.fetch(`${options.baseUrl}/${path}`, init);
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new RestError(response.status, `${method} ${path}: the answer is not JSON`);
    }
    return { status: response.status, json };
  }

  async function get(path: string, signal?: AbortSignal): Promise<unknown> {
    const answer = await call('GET', path, undefined, signal);
    if (answer.status !== 200) throw new RestError(answer.status, `GET ${path}: HTTP ${answer.status}`);
    return answer.json;
  }

  return {
    async fetchSnapshot(groupId, signal) {
      const body = await get(`devices/fetch?crnt_vcg_uid=${encodeURIComponent(groupId)}`, signal);
      const decoded = unwrap(decodeRestSnapshot(body), 'snapshot');
      for (const problem of decoded.problems) options.onProblem?.(problem);
      return { watermark: decoded.watermark, snapshot: decoded.snapshot };
    },
    async fetchUnit(unitId) {
      const answer = await call('GET', `devices/fetch_by_id/${encodeURIComponent(unitId)}`);
      if (answer.status === 404 || answer.status === 403) return { found: false };
      if (answer.status !== 200) throw new RestError(answer.status, `GET unit ${unitId}: HTTP ${answer.status}`);
      return { found: true, entry: unwrap(decodeUnitView(answer.json), 'unit') };
    },
    fetchCapabilities: (unitId) => get(`v2/units/${encodeURIComponent(unitId)}/capabilities`),
    fetchCached(kind, unitId) {
      const id = encodeURIComponent(unitId);
      switch (kind) {
        case 'enhanced':
          return get(`v2/units/enhanced/${id}`);
        case 'settings': // spec 000 §7 "GET and PUT v2/units/{id}"
          return get(`v2/units/${id}`);
        case 'services':
          return get(`v2/units/${id}/services`);
        default:
          return assertNever(kind, 'cached kind');
      }
    },
    async putVirtualChannel(unitId, name, retry) {
      const answer = await call('POST', `devices_retry/${encodeURIComponent(unitId)}/commands/LuSetVirtualChannel/${retry}`, { virtualChannelName: name });
      return answer.status >= 200 && answer.status < 300;
    },
  };
}
