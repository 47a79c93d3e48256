/**
 * The REST calls the worker makes (spec 000 §7): the snapshot after `reset`, one unit after a
 * revision gap, capabilities when a unit comes back online, the cached unit data refreshed on
 * selection, and the virtual-channel update. Each is an endpoint of the contract
 * (src/protocol/rest/units.ts, unitSettings.ts, unitCommands.ts): the URL is built from its path
 * and query. The snapshot (up to 50,000 units) and the unit refetch are decoded by the fast,
 * lenient decoders of restSnapshot.ts; the other answers are decoded with their endpoint's Schema.
 * fetch is injected (the browser's in the worker, with the session cookie sent by the browser;
 * Node's global fetch plus a cookie header in tests).
 */
import { Result, Schema } from 'effect';
import type { Decoded } from '../../src/protocol/issueText.ts';
import { issueText } from '../../src/protocol/issueText.ts';
import type { UnitSnapshot } from '../../src/protocol/snapshot.ts';
import type { CachedKind } from '../../src/domain/units/interface.ts';
import { assertNever } from '../../src/domain/brand.ts';
import { endpointName, fillPath, type AnyEndpoint, type ResponseOf } from '../../src/protocol/rest/endpoint.ts';
import { enhancedUnit, fetchDevices, fetchUnitById, getUnit, unitCapabilities } from '../../src/protocol/rest/units.ts';
import { unitServices } from '../../src/protocol/rest/unitSettings.ts';
import { setVirtualChannelRetry } from '../../src/protocol/rest/unitCommands.ts';
import type { RestSnapshot } from './eventSource.ts';
import { decodeRestSnapshot, decodeUnitView } from './restSnapshot.ts';
import { stampSnapshotBytes } from '../pipeline/snapshotTiming.ts';
import { PACKED_SNAPSHOT_TYPE } from '../../src/protocol/packedSnapshot.ts';
import { unpackSnapshot } from './packedSnapshot.ts';
import { COLUMNS_SNAPSHOT_TYPE } from '../../src/protocol/columnsSnapshot.ts';
import { readColumnsAnswer } from '../pipeline/columnsAnswer.ts';
import { bodyBytes } from './bodyBytes.ts';
import type { FleetSnapshot } from '../../src/protocol/snapshot.ts';

/** The console's application id (spec 002 §7: every REST call carries Application-Id). */
export const CONSOLE_APPLICATION_ID = 'luc-console';

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string; credentials?: 'same-origin' | 'include'; signal?: AbortSignal }) => Promise<{
  status: number;
  ok: boolean;
  text(): Promise<string>;
  /** The body as bytes (browser and Node fetch); without it the snapshot is asked for as JSON. */
  arrayBuffer?(): Promise<ArrayBuffer>;
  /** The body as it streams (browser and Node fetch): a snapshot answer is read into one buffer allocated from its Content-Length (bodyBytes.ts). */
  readonly body?: ReadableStream<Uint8Array> | null;
  readonly headers?: { get(name: string): string | null };
}>;

export interface RestClientOptions {
  /** e.g. `https://host/luc/luc-core-web/rest` (no trailing slash). */
  baseUrl: string;
  fetch: FetchLike;
  /** Extra headers (Node: the session cookie). */
  headers?: Record<string, string>;
  /** Told about snapshot entries that did not decode. */
  onProblem?: (problem: string) => void;
  /**
   * Ask for the snapshot packed (src/protocol/packedSnapshot.ts; default true): ~4× fewer bytes
   * (docs/performance.md §7 for what it does and does not save). An answer in JSON is read as JSON.
   */
  packedSnapshot?: boolean;
  /**
   * Ask for the columns form first (src/protocol/columnsSnapshot.ts; default true, with the packed
   * form on): the UI's columns ready made, the fleet decoded after they are handed on. A columns
   * answer that does not read is reported (onProblem) and the snapshot asked for again packed.
   */
  columnsSnapshot?: boolean;
}

/** A unit refetched after a gap: found with its rev, or not found (removed, or moved out of the user's groups). */
export type UnitFetch = { readonly found: true; readonly entry: UnitSnapshot } | { readonly found: false };

/** What a cached kind's call answers (spec 000 §9 "Cached staleness: enhanced and settings 60 s; services 30 min"). */
export type CachedAnswer = ResponseOf<typeof enhancedUnit> | ResponseOf<typeof getUnit> | ResponseOf<typeof unitServices>;

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
  fetchCapabilities(unitId: string): Promise<ResponseOf<typeof unitCapabilities>>;
  fetchCached(kind: CachedKind, unitId: string): Promise<CachedAnswer>;
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

/** The path and query of a call of `endpoint` (query values as text, in the order given). */
export function callPath(endpoint: AnyEndpoint, params?: Readonly<Record<string, string | number>>, query?: Readonly<Record<string, string | number>>): string {
  const path = fillPath(endpoint.path, params);
  const search = query === undefined ? '' : new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return search === '' ? path : `${path}?${search}`;
}

/** An answer decoded with its endpoint's Schema; a drift is a RestError naming the field. */
function decodeAnswer<E extends AnyEndpoint>(endpoint: E, body: unknown): ResponseOf<E> {
  const decoded = Schema.decodeUnknownResult(endpoint.response)(body, { errors: 'all' });
  if (Result.isFailure(decoded)) throw new RestError(0, `${endpointName(endpoint)}: ${issueText(decoded.failure, 'answer')}`);
  return decoded.success as ResponseOf<E>;
}

export function createRestClient(options: RestClientOptions): RestClient {
  const headers = { accept: 'application/json', 'application-id': CONSOLE_APPLICATION_ID, ...options.headers };

  async function send(method: string, path: string, body?: unknown, signal?: AbortSignal, stamp = false): Promise<{ status: number; json: unknown }> {
    const init: Parameters<FetchLike>[1] = { method, headers: { ...headers }, credentials: 'same-origin', ...(signal !== undefined ? { signal } : {}) };
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await options.fetch(`${options.baseUrl}/${path}`, init);
    const text = await response.text();
    if (stamp) stampSnapshotBytes();
    let json: unknown = undefined;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new RestError(response.status, `${method} ${path}: the answer is not JSON`);
    }
    return { status: response.status, json };
  }

  /** The answer to a snapshot request, its bytes stamped when they are all in. */
  async function snapshotRequest(path: string, accept: string, signal?: AbortSignal) {
    const init: Parameters<FetchLike>[1] = { method: 'GET', headers: { ...headers, accept }, credentials: 'same-origin', ...(signal !== undefined ? { signal } : {}) };
    const response = await options.fetch(`${options.baseUrl}/${path}`, init);
    const type = response.headers?.get('content-type') ?? '';
    return { response, type };
  }

  /** A JSON answer's body (a server without the packed or columns form answers JSON). */
  async function jsonBody(path: string, response: Awaited<ReturnType<FetchLike>>): Promise<unknown> {
    const text = await response.text();
    stampSnapshotBytes();
    if (response.status !== 200) throw new RestError(response.status, `GET ${path}: HTTP ${response.status}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new RestError(response.status, `GET ${path}: the answer is not JSON`);
    }
  }

  /** A packed answer's body, unpacked. */
  function packedBody(path: string, status: number, bytes: Uint8Array): unknown {
    if (status !== 200) throw new RestError(status, `GET ${path}: HTTP ${status}`);
    const unpacked = unpackSnapshot(bytes);
    if (!unpacked.ok) throw new RestError(status, `GET ${path}: ${unpacked.error}`);
    return unpacked.value;
  }

  /**
   * The snapshot's body, packed when the fetch can read bytes (and the caller did not opt out),
   * else JSON; the server answers JSON to a client that does not ask. Stamped when its bytes are in.
   */
  async function getSnapshotBody(path: string, signal?: AbortSignal): Promise<unknown> {
    if (options.packedSnapshot === false) return get(path, signal, true);
    const { response, type } = await snapshotRequest(path, `${PACKED_SNAPSHOT_TYPE}, application/json;q=0.5`, signal);
    if (!type.startsWith(PACKED_SNAPSHOT_TYPE) || response.arrayBuffer === undefined) return jsonBody(path, response);
    const bytes = await bodyBytes(response);
    stampSnapshotBytes();
    return packedBody(path, response.status, bytes);
  }

  /** The fleet of a snapshot body (decoded, its problems told). */
  function fleetOf(body: unknown): { watermark: number; snapshot: FleetSnapshot } {
    const decoded = unwrap(decodeRestSnapshot(body), 'snapshot');
    for (const problem of decoded.problems) options.onProblem?.(problem);
    return { watermark: decoded.watermark, snapshot: decoded.snapshot };
  }

  /**
   * The snapshot asked for in the columns form (then packed, then JSON, by the server's choice).
   * A columns answer is read (its checks) but not unpacked: the fleet is decoded from its packed
   * part when the caller loads it, after handing the columns on. One that does not read is told
   * to onProblem and the snapshot is asked for again without the columns form.
   */
  async function fetchColumnsFirst(path: string, signal?: AbortSignal): Promise<RestSnapshot> {
    const { response, type } = await snapshotRequest(path, `${COLUMNS_SNAPSHOT_TYPE}, ${PACKED_SNAPSHOT_TYPE};q=0.9, application/json;q=0.5`, signal);
    if (response.arrayBuffer === undefined || !(type.startsWith(COLUMNS_SNAPSHOT_TYPE) || type.startsWith(PACKED_SNAPSHOT_TYPE))) return fleetOf(await jsonBody(path, response));
    const bytes = await bodyBytes(response);
    stampSnapshotBytes();
    if (type.startsWith(PACKED_SNAPSHOT_TYPE)) return fleetOf(packedBody(path, response.status, bytes));
    if (response.status !== 200) throw new RestError(response.status, `GET ${path}: HTTP ${response.status}`);
    const read = readColumnsAnswer(bytes);
    if (!read.ok) {
      options.onProblem?.(`GET ${path}: ${read.error}; asked again for the packed answer`);
      return fleetOf(await getSnapshotBody(path, signal));
    }
    const answer = read.value;
    return {
      watermark: answer.watermark,
      columns: { columns: answer.columns, transfer: answer.transfer, counters: answer.counters },
      load: () => {
        const fleet = fleetOf(packedBody(path, 200, answer.packed));
        if (fleet.watermark !== answer.watermark) {
          throw new RestError(200, `GET ${path}: snapshot: the columns answer's watermark ${answer.watermark} is not its packed snapshot's (${fleet.watermark})`);
        }
        return fleet.snapshot;
      },
    };
  }

  async function get(path: string, signal?: AbortSignal, stamp = false): Promise<unknown> {
    const answer = await send('GET', path, undefined, signal, stamp);
    if (answer.status !== 200) throw new RestError(answer.status, `GET ${path}: HTTP ${answer.status}`);
    return answer.json;
  }

  /** A GET of a unit's endpoint, its answer decoded with the endpoint's Schema. */
  async function unitRead<E extends AnyEndpoint>(endpoint: E, unitId: string): Promise<ResponseOf<E>> {
    return decodeAnswer(endpoint, await get(callPath(endpoint, { id: unitId })));
  }

  return {
    async fetchSnapshot(groupId, signal) {
      const path = callPath(fetchDevices, undefined, { crnt_vcg_uid: groupId });
      if (options.columnsSnapshot !== false && options.packedSnapshot !== false) return fetchColumnsFirst(path, signal);
      return fleetOf(await getSnapshotBody(path, signal));
    },
    async fetchUnit(unitId) {
      const answer = await send('GET', callPath(fetchUnitById, { id: unitId }));
      if (answer.status === 404 || answer.status === 403) return { found: false };
      if (answer.status !== 200) throw new RestError(answer.status, `GET unit ${unitId}: HTTP ${answer.status}`);
      return { found: true, entry: unwrap(decodeUnitView(answer.json), 'unit') };
    },
    fetchCapabilities: (unitId) => unitRead(unitCapabilities, unitId),
    fetchCached(kind, unitId) {
      switch (kind) {
        case 'enhanced':
          return unitRead(enhancedUnit, unitId);
        case 'settings': // spec 000 §7 "GET and PUT v2/units/{id}"
          return unitRead(getUnit, unitId);
        case 'services':
          return unitRead(unitServices, unitId);
        default:
          return assertNever(kind, 'cached kind');
      }
    },
    async putVirtualChannel(unitId, name, retry) {
      const body: (typeof setVirtualChannelRetry.body)['Type'] = { virtualChannelName: name };
      const answer = await send('POST', callPath(setVirtualChannelRetry, { id: unitId, retry }), body);
      return answer.status >= 200 && answer.status < 300;
    },
  };
}
