import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, DEMO_PASSWORD, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';
import { USER_TYPES } from '../../src/domain/roles/userTypes.ts';

describe('sign-in, sessions and the Application-Id header', () => {
  const tmp = tempDir();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db') });
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('signs in a demo user and sets an HttpOnly, SameSite=Strict, Path=/ session cookie', async () => {
    const result = await call(server, 'auth/login', { body: { username: 'luc_admin', password: DEMO_PASSWORD } });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ username: 'luc_admin', userType: 'luc_admin' });
    const cookie = result.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^luc_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it.each(USER_TYPES.map((t) => [t]))('has a demo user named %s, whose type is its name', async (userType) => {
    const cookie = await signIn(server, userType);
    const me = await call(server, 'users/fetch_current_user_details', { cookie });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ username: userType, userType });
    expect(me.json.groups.length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['a wrong password', { username: 'luc_admin', password: 'wrong-password' }],
    ['an unknown user', { username: 'nobody_here', password: DEMO_PASSWORD }],
  ])('refuses %s with 401 and the same message, setting no cookie', async (_name, body) => {
    const result = await call(server, 'auth/login', { body });
    expect(result.status).toBe(401);
    expect(result.json).toEqual({ error: 'Unauthorized', message: 'Wrong username or password' });
    expect(result.headers.get('set-cookie')).toBeNull();
  });

  it('stores only a hash of the session token', async () => {
    const cookie = await signIn(server, 'luc_read');
    const token = cookie.split('=')[1] ?? '';
    const ids = await server.store.db.selectFrom('sessions').select('id').execute();
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.some((r) => r.id === token)).toBe(false);
    expect(ids.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it.each(['users/fetch_current_user_details', 'v2/client/configuration', 'groups/fetch', 'userPreferences/vue', 'no/such/route'])(
    'answers 401 to GET %s without a session',
    async (path) => {
      const result = await call(server, path);
      expect(result.status).toBe(401);
      expect(result.json.error).toBe('Unauthorized');
    },
  );

  it('answers 401 to a made-up session cookie', async () => {
    const result = await call(server, 'groups/fetch', { cookie: 'luc_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(result.status).toBe(401);
  });

  it('answers 400 "Missing Application-Id header" without the header, even signed in', async () => {
    const cookie = await signIn(server, 'luc_regular');
    const result = await call(server, 'groups/fetch', { cookie, appId: null });
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ error: 'Bad Request', message: 'Missing Application-Id header' });
    const login = await call(server, 'auth/login', { body: { username: 'luc_regular', password: DEMO_PASSWORD }, appId: null });
    expect(login.status).toBe(400);
  });

  it('answers 400 naming the id for an Application-Id that is not a registered active application', async () => {
    const cookie = await signIn(server, 'luc_regular');
    const result = await call(server, 'groups/fetch', { cookie, appId: 'someone-else' });
    expect(result.status).toBe(400);
    expect(result.json.message).toBe("Application-Id 'someone-else' is not a registered active client application");
  });

  it('ends the session on logout: the same cookie then gets 401', async () => {
    const cookie = await signIn(server, 'luc_curator');
    expect((await call(server, 'groups/fetch', { cookie })).status).toBe(200);
    const out = await call(server, 'auth/logout', { method: 'POST', cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie') ?? '').toMatch(/luc_session=;/);
    expect((await call(server, 'groups/fetch', { cookie })).status).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  const tmp = tempDir();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db') });
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('allows 10 sign-in attempts a minute per IP and username, then answers 429', async () => {
    const attempt = () => call(server, 'auth/login', { body: { username: 'luc_partner', password: 'not-the-password' } });
    for (let i = 1; i <= 10; i += 1) expect((await attempt()).status).toBe(401);
    const eleventh = await attempt();
    expect(eleventh.status).toBe(429);
    expect(eleventh.json.error).toBe('Too Many Requests');
    expect(eleventh.json.message).toMatch(/^Too many sign-in attempts; retry in /);
    // the right password is refused too while limited
    const right = await call(server, 'auth/login', { body: { username: 'luc_partner', password: DEMO_PASSWORD } });
    expect(right.status).toBe(429);
  });

  it('counts another username separately', async () => {
    expect((await call(server, 'auth/login', { body: { username: 'luc_freelancer', password: DEMO_PASSWORD } })).status).toBe(200);
  });
});

describe('sign-in hardening (issue 16 item 5)', () => {
  const tmp = tempDir();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), settings: { signInFailuresPerAddress: 5, loginRatePerMinute: 1_000 } });
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('rotates the session on a new sign-in: the cookie held before is ended', async () => {
    const before = await signIn(server, 'luc_regular');
    const again = await call(server, 'auth/login', { cookie: before, body: { username: 'luc_regular', password: DEMO_PASSWORD } });
    expect(again.status).toBe(200);
    const after = (again.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(after).not.toBe(before);
    expect((await call(server, 'v2/about', { cookie: before })).status).toBe(401);
    expect((await call(server, 'v2/about', { cookie: after })).status).toBe(200);
  });

  it('refuses an address after 5 failed sign-ins across different usernames, the right password included', async () => {
    for (const username of ['luc_admin', 'luc_read', 'luc_partner', 'luc_curator', 'nobody']) {
      expect((await call(server, 'auth/login', { body: { username, password: 'wrong-Passw0rd' } })).status).toBe(401);
    }
    const next = await call(server, 'auth/login', { body: { username: 'luc_freelancer', password: DEMO_PASSWORD } });
    expect(next.status).toBe(429);
    expect(next.json.message).toMatch(/^Too many failed sign-ins from this address; retry in \d+ seconds$/);
  });
});
