import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PREFIX } from '../../api/http.ts';
import { fetchAdhoc, fetchPermanent, putAdhoc, putPermanent, sendInvitation } from './adhocCalls.ts';

const BASE = 'http://console.test';
const REGISTRATION = { groupId: 'G 1', mode: 'lite', planKind: 'ADHOC_LITE', period: '1day', code: 'ABCD-EFGH', joinLink: 'lu-lite://join?group=G%201&code=ABCD-EFGH', expiresAt: 1_700_000_000_000 };
const PERMANENT = {
  groupId: 'G 1',
  kind: 'smart',
  planKind: 'PERMANENT_SMART',
  key: 'ABCD-EFGH-JKMN-PQRS',
  joinLink: 'lu-smart://join',
  keyRegeneration: 'never',
  usageReset: 'never',
  regeneratedAt: 1_700_000_000_000,
  nextRegenerationAt: null,
  nextUsageResetAt: null,
};
const INVITATION = { id: 'I1', channel: 'sms', to: ['447700900123'], deviceName: 'Guest', mode: 'smart', guest: true, period: '1day', link: 'lu-smart://join', recorded: true, delivered: false, transport: 'none configured' };

/** Each call → what it sends (path and query, method, body) for group "G 1", and the answer it decodes. */
const CASES = [
  ['fetchAdhoc', () => fetchAdhoc('G 1', 'lite'), 'groups/G%201/adhoc?crnt_vcg_uid=G+1&mode=lite', 'GET', undefined, REGISTRATION],
  ['putAdhoc', () => putAdhoc('G 1', { mode: 'lite', period: '1week' }), 'groups/G%201/adhoc?crnt_vcg_uid=G+1', 'PUT', { mode: 'lite', period: '1week' }, { registration: REGISTRATION }],
  ['fetchPermanent', () => fetchPermanent('G 1'), 'groups/G%201/permanent?crnt_vcg_uid=G+1', 'GET', undefined, PERMANENT],
  ['fetchPermanent (regenerate)', () => fetchPermanent('G 1', true), 'groups/G%201/permanent?crnt_vcg_uid=G+1&regenerate=true', 'GET', undefined, PERMANENT],
  ['putPermanent', () => putPermanent('G 1', { usageReset: '6months' }), 'groups/G%201/permanent?crnt_vcg_uid=G+1', 'PUT', { usageReset: '6months' }, PERMANENT],
  ['sendInvitation', () => sendInvitation('G 1', 'sms', { to: '447700900123', deviceName: 'Guest', mode: 'smart', guest: true }), 'groups/G%201/sms?crnt_vcg_uid=G+1', 'POST', { to: '447700900123', deviceName: 'Guest', mode: 'smart', guest: true }, INVITATION],
] as const;

describe('the ad-hoc calls, through the contract (the current group as crnt_vcg_uid, spec 002 §7)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('location', { origin: BASE });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it.each(CASES)('%s sends its path, query and body and decodes the answer', async (_name, run, path, method, body, answer) => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(answer), { status: method === 'POST' ? 201 : 200 }));
    expect(await run()).toEqual(answer);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(`${BASE}${API_PREFIX}/${path}`);
    expect(init?.method).toBe(method);
    expect(init?.body === undefined ? undefined : JSON.parse(String(init.body))).toEqual(body);
  });
});
