import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listReplayLogs, getReplayLog } from '../protocol/rest/replayLogs.ts';
import { callBytes } from './callBytes.ts';
import { API_PREFIX, APPLICATION_ID, ApiError, UNREACHABLE_MESSAGE } from './http.ts';

const BASE = 'http://console.test';
const LOG = '{"format":"luc-fleet-log","version":1}\n{"seq":1}\n';

describe('callBytes (an endpoint that produces bytes, e.g. a replay log)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('location', { origin: BASE });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('fetches the path of the endpoint with its params encoded, and hands the bytes over untouched', async () => {
    fetchMock.mockResolvedValue(new Response(LOG, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }));
    const bytes = await callBytes(getReplayLog, { params: { name: 'incident 42.ndjson' } });
    expect(new TextDecoder().decode(bytes)).toBe(LOG);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${BASE}${API_PREFIX}/v2/replay/logs/incident%2042.ndjson`);
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toEqual({ Accept: `${getReplayLog.produces}, application/json`, 'Application-Id': APPLICATION_ID });
  });

  it.each([
    [404, { error: 'Not Found', message: "Log 'x.ndjson' not found" }, "Log 'x.ndjson' not found"],
    [403, { error: 'Forbidden', message: 'You are not allowed to access this application.' }, 'You are not allowed to access this application.'],
    [502, 'Bad gateway', 'Bad gateway'],
  ])('rejects a %i with the server’s message', async (status, body, message) => {
    fetchMock.mockResolvedValue(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
    const failure = await callBytes(getReplayLog, { params: { name: 'x.ndjson' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status, message });
  });

  it('rejects an unreachable server with the transport’s message', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(callBytes(getReplayLog, { params: { name: 'x.ndjson' } })).rejects.toMatchObject({ status: 0, message: UNREACHABLE_MESSAGE });
  });

  it('refuses a JSON endpoint (that is call()’s job)', async () => {
    await expect(callBytes(listReplayLogs, {})).rejects.toThrow(/use call\(\)/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
