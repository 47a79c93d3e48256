import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContractError } from '../../api/call.ts';
import { API_PREFIX, ApiError } from '../../api/http.ts';
import { fetchUnitSharing, saveUnitSharing } from './sharingCalls.ts';

const BASE = 'http://console.test';
const NORTH = { id: 'SUB-NEWS-1', inventoryId: 'INV-NEWS', name: 'Affiliate-North', description: 'north', groupId: null, createdOn: 1_700_000_000_000, createdBy: 'admin' };

describe('the sharing calls, through the contract', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const answer = (body: unknown, status = 200) => fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('location', { origin: BASE });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('reads a unit’s sharing options, with or without share keys (the media group set sees them)', async () => {
    const options = { uid: 'U 1', inventoryId: 'INV-NEWS', subscriberIds: ['SUB-NEWS-1'], subscribers: [NORTH], available: [{ ...NORTH, shareKey: 'secret-key-1' }] };
    answer(options);
    expect(await fetchUnitSharing('U 1')).toEqual(options);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`${BASE}${API_PREFIX}/v2/units/U%201/sharing`);
  });

  it('saves the list and rejects a refusal with the server’s words on the field', async () => {
    answer({ uid: 'U1', inventoryId: 'INV-NEWS', subscriberIds: [], subscribers: [], available: [] });
    await saveUnitSharing('U1', []);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'PUT', body: JSON.stringify({ subscriberIds: [] }) });
    const message = "Subscriber 'SUB-SPORTS-1' is not in this unit's inventory";
    answer({ error: 'Bad Request', message, fields: { subscriberIds: message } }, 400);
    const failure = await saveUnitSharing('U1', ['SUB-SPORTS-1']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, message });
  });

  it.each([[{ uid: 'U1', subscriberIds: [] }], [{ uid: 'U1', inventoryId: null, subscriberIds: [], subscribers: [], available: [{ id: 1, name: 'x' }] }]])('refuses the answer %j as a broken contract', async (body) => {
    answer(body);
    await expect(fetchUnitSharing('U1')).rejects.toBeInstanceOf(ContractError);
  });
});
