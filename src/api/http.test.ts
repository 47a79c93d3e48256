import { describe, it, expect } from 'vitest';
import { API_PREFIX, APPLICATION_ID, ApiError, apiBaseUrl, apiRequest, apiUrl, messageOfErrorBody, reportSessionEnded, SESSION_ENDED_MESSAGE, UNREACHABLE_MESSAGE } from './http.ts';
import { answer, stubbedServer, TEST_ORIGIN as BASE } from './stubbedServer.ts';

describe('apiBaseUrl', () => {
  it.each([
    [undefined, 'http://page.origin', 'http://page.origin', 'the page origin when no base is configured'],
    ['', 'http://page.origin', 'http://page.origin', 'an empty VITE_LUC_BASE_URL counts as none'],
    ['https://luc.example.org/', 'http://page.origin', 'https://luc.example.org', 'a configured base, trailing slash dropped'],
    ['  https://luc.example.org//  ', 'http://page.origin', 'https://luc.example.org', 'spaces and repeated slashes dropped'],
  ])('uses %j with origin %s → %s (%s)', (configured, origin, expected, _why) => {
    expect(apiBaseUrl(configured, origin)).toBe(expected);
  });

  it('puts every call under the REST prefix of spec 000 §7', () => {
    expect(apiUrl('auth/login', BASE)).toBe(`${BASE}/luc/luc-core-web/rest/auth/login`);
    expect(apiUrl('/groups/fetch', BASE)).toBe(`${BASE}${API_PREFIX}/groups/fetch`);
  });
});

describe('messageOfErrorBody', () => {
  it.each([
    [{ error: 'Unauthorized', message: 'Wrong username or password' }, 'Wrong username or password'],
    [{ error: 'Forbidden' }, 'Forbidden'],
    [{ message: '   ' }, '500 Internal Server Error'],
    ['plain text answer', 'plain text answer'],
    ['<html><body>proxy error</body></html>', '500 Internal Server Error'],
    [null, '500 Internal Server Error'],
  ])('shows %j as %j', (body, expected) => {
    expect(messageOfErrorBody(500, 'Internal Server Error', body)).toBe(expected);
  });
});

describe('apiRequest', () => {
  const { fetchMock, onUnauthorized } = stubbedServer();

  it('sends Accept JSON and the Application-Id header with the session cookie, and a JSON body', async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await expect(apiRequest('auth/login', { method: 'POST', body: { username: 'u', password: 'p' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${BASE}${API_PREFIX}/auth/login`);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toMatchObject({ Accept: 'application/json', 'Application-Id': APPLICATION_ID, 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"username":"u","password":"p"}');
  });

  it('adds query parameters and leaves out undefined ones', async () => {
    fetchMock.mockResolvedValue(answer(200, []));
    await apiRequest('v2/alerts/active', { query: { groupId: 'G 1', crnt_vcg_uid: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${BASE}${API_PREFIX}/v2/alerts/active?groupId=G+1`);
  });

  it('answers undefined for an empty 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiRequest('auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('rejects with the server’s message and status', async () => {
    fetchMock.mockResolvedValue(answer(409, { error: 'Conflict', message: 'body.email: This email address is used by another user' }));
    const error = await apiRequest('users/update_current_user', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'body.email: This email address is used by another user' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('calls the unauthorized handler on a 401 (spec 002 §8) and still rejects', async () => {
    fetchMock.mockResolvedValue(answer(401, { error: 'Unauthorized', message: 'Sign in first: no valid session' }));
    await expect(apiRequest('groups/fetch')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('gives a session ended on the websocket (close 4401) to the same 401 handler, without a call', () => {
    reportSessionEnded();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toMatchObject({ status: 401, message: SESSION_ENDED_MESSAGE });
  });

  it('leaves a 401 to the caller when asked (the sign-in answer)', async () => {
    fetchMock.mockResolvedValue(answer(401, { error: 'Unauthorized', message: 'Wrong username or password' }));
    await expect(apiRequest('auth/login', { method: 'POST', body: {}, redirectOn401: false })).rejects.toMatchObject({ status: 401, message: 'Wrong username or password' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a network failure into status 0 with a sentence, not a stack', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('groups/fetch')).rejects.toMatchObject({ status: 0, message: UNREACHABLE_MESSAGE });
  });
});
