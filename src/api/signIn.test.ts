import { describe, expect, it } from 'vitest';
import { login } from '../protocol/rest/auth.ts';
import { fetchCurrentUserDetails } from '../protocol/rest/account.ts';
import { API_PREFIX } from './http.ts';
import { ContractError } from './call.ts';
import { hasSession, signIn } from './signIn.ts';
import { answer, stubbedServer, TEST_ORIGIN as BASE } from './stubbedServer.ts';

/** A user as the contract's CurrentUserDetails has it. */
const USER = {
  id: 'u1',
  userId: 'u1',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: null,
  userLabel: '',
  userType: 'ADMIN',
  active: true,
  sso: false,
  superuser: false,
  groups: [{ uid: 'g1', name: 'News', inventoryId: 'i1' }],
  inventories: [],
  passwordExpirationDate: null,
  secondsToPwdExpiration: null,
  forcePasswordChange: false,
};

describe('the sign-in page calls (sent without the REST layer, decoded with its Schema)', () => {
  const { fetchMock, onUnauthorized } = stubbedServer();

  it('sends sign-in to the login endpoint with its method and the credentials, and answers the decoded user', async () => {
    fetchMock.mockResolvedValue(answer(200, { ...USER, extra: 'dropped by the Schema' }));
    await expect(signIn({ username: 'ada', password: 'secret' })).resolves.toEqual(USER);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${BASE}${API_PREFIX}/${login.path}`);
    expect(init?.method).toBe(login.method);
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'ada', password: 'secret' });
  });

  it('refuses an answer that breaks the contract, naming the field', async () => {
    fetchMock.mockResolvedValue(answer(200, { ...USER, groups: 'none' }));
    const failure = signIn({ username: 'ada', password: 'secret' });
    await expect(failure).rejects.toBeInstanceOf(ContractError);
    await expect(failure).rejects.toThrow(/auth\/login.*groups/s);
  });

  it('rejects a refused sign-in with the server\'s words and does not treat its 401 as a lost session', async () => {
    fetchMock.mockResolvedValue(answer(401, { error: 'Unauthorized', message: 'Wrong username or password' }));
    await expect(signIn({ username: 'ada', password: 'wrong' })).rejects.toThrow('Wrong username or password');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([
    [200, USER, true],
    [200, { anything: 'the guard checks the user later' }, true],
    [401, { error: 'Unauthorized', message: 'Not signed in' }, false],
    [500, { error: 'Internal Server Error' }, false],
  ])('hasSession: a %i answer (%j) → %s, without the 401 handler', async (status, body, expected) => {
    fetchMock.mockResolvedValue(answer(status, body));
    await expect(hasSession()).resolves.toBe(expected);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${BASE}${API_PREFIX}/${fetchCurrentUserDetails.path}`);
    expect(init?.method).toBe(fetchCurrentUserDetails.method);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('hasSession: an unreachable server → false', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(hasSession()).resolves.toBe(false);
  });
});
