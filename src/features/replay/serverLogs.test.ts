import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContractError } from '../../api/call.ts';
import { API_PREFIX } from '../../api/http.ts';
import { fetchServerLog, fetchServerLogs } from './serverLogs.ts';

const BASE = 'http://console.test';
const STORM = { name: 'reconnect-storm.ndjson', size: 635_382, modified: '2025-11-21T08:03:00.000Z', source: 'fixtures' };

describe('the server’s logs, through the contract', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('location', { origin: BASE });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('lists the logs with name, size, modified time and source', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify([STORM])));
    expect(await fetchServerLogs()).toEqual([STORM]);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`${BASE}${API_PREFIX}/v2/replay/logs`);
  });

  it.each([[[{ ...STORM, size: '12' }]], [[{ ...STORM, source: 'elsewhere' }]], [{}]])('refuses the listing %j as a broken contract', async (body) => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body)));
    await expect(fetchServerLogs()).rejects.toBeInstanceOf(ContractError);
  });

  it('hands a log over as its bytes', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"format":"luc-fleet-log"}\n'));
    expect(new TextDecoder().decode(await fetchServerLog('reconnect-storm.ndjson'))).toBe('{"format":"luc-fleet-log"}\n');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`${BASE}${API_PREFIX}/v2/replay/logs/reconnect-storm.ndjson`);
  });
});
