import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';
import { defaultPreferences } from '../../src/domain/preferences.ts';
import { USER_MESSAGES } from '../../src/domain/validation/users.ts';

describe('the calls the console makes at start (spec 002 §7)', () => {
  const tmp = tempDir();
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), settings: { mapTileUrl: 'https://tile.example.org/{z}/{x}/{y}.png' } });
    cookie = await signIn(server, 'luc_admin');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('answers the client configuration with the fields of spec 002 §3', async () => {
    const result = await call(server, 'v2/client/configuration', { cookie });
    expect(result.status).toBe(200);
    expect(Object.keys(result.json).sort()).toEqual(
      [
        'activeFeatures', 'applicationId', 'facebookApiVersion', 'facebookAppId', 'googleProperties', 'hasInternet',
        'loggedUserRoles', 'mapTileUrl', 'secondsToPwdExpiration', 'services', 'userId', 'wsLibrary', 'wsPath',
      ].sort(),
    );
    expect(result.json).toMatchObject({
      loggedUserRoles: ['luc_admin'],
      userId: 'USR-LUC_ADMIN',
      applicationId: 'luc-console',
      wsPath: '/luc/luc-core-web/ws',
      mapTileUrl: 'https://tile.example.org/{z}/{x}/{y}.png',
      googleProperties: { gaTrackingCode: '', googleMapsClientId: '', googleApiVersion: '', hasGoogleGA: false },
    });
    // demo passwords expire 90 days after start: more than the 14-day notice of spec 002 §2
    expect(result.json.secondsToPwdExpiration).toBeGreaterThan(89 * 86_400);
    expect(result.json.activeFeatures).toContain('mapView');
  });

  it('answers the three application URLs on the server’s own origin', async () => {
    const result = await call(server, 'v2/client/application/urls', { cookie });
    expect(result.json).toEqual({
      centralConsole: `${server.url}/`,
      videoReturnPortal: `${server.url}/vr_portal`,
      matrixApplication: `${server.url}/matrix/`,
    });
  });

  it('lists the user’s groups with their inventories', async () => {
    const result = await call(server, 'groups/fetch', { cookie });
    expect(result.json).toContainEqual({ uid: 'G-NEWS-NATIONAL', name: 'News-National', inventoryId: 'INV-NEWS', inventoryName: 'Newsroom' });
    expect(result.json).toHaveLength(5);
  });

  it('lists the demo notification with its 24 h flag set and its 2 h flag not set (20 h left)', async () => {
    const result = await call(server, 'client_notifications/fetch', { cookie });
    expect(result.json).toHaveLength(1);
    expect(result.json[0]).toMatchObject({ expiresWithin24h: true, expiresWithin2h: false });
  });

  it('answers default preferences before any were saved', async () => {
    const result = await call(server, 'userPreferences/vue', { cookie: await signIn(server, 'luc_multipoint') });
    expect(result.json).toEqual(JSON.parse(JSON.stringify(defaultPreferences())));
  });

  // The refusals answer {error, message, fields} (the users routes' former `{errors}` went with the
  // move to the REST contract): message is the first failing field's message.
  it('updates the current user and refuses a lowercase first name with the spec’s rule', async () => {
    const ok = await call(server, 'users/update_current_user', { cookie, body: { firstName: 'Ada', userLabel: 'Desk 4' } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ firstName: 'Ada', userLabel: 'Desk 4' });
    const bad = await call(server, 'users/update_current_user', { cookie, body: { firstName: 'ada' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: 'Bad Request', message: USER_MESSAGES.firstNameUppercase, fields: { firstName: USER_MESSAGES.firstNameUppercase } });
    expect((await call(server, 'users/fetch_current_user_details', { cookie })).json.firstName).toBe('Ada');
  });

  it.each([
    ['a user label of 31 characters', { userLabel: 'x'.repeat(31) }, 'userLabel', 'Must have at most 30 characters'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email', 'Invalid email address'],
  ])('refuses %s and keeps the stored user', async (_name, body, field, message) => {
    const result = await call(server, 'users/update_current_user', { cookie, body });
    expect(result.status).toBe(400);
    expect(result.json.message).toBe(message);
    expect(result.json.fields).toEqual({ [field]: message });
    expect((await call(server, 'users/fetch_current_user_details', { cookie })).json.userLabel).toBe('Desk 4');
  });

  it('accepts a user label of exactly 30 characters', async () => {
    const result = await call(server, 'users/update_current_user', { cookie, body: { userLabel: 'y'.repeat(30) } });
    expect(result.status).toBe(200);
  });

  it('keeps an e-mail used by another user unchanged without telling so: the confirmation goes to that address (issue 16 item 5)', async () => {
    const before = (await call(server, 'users/fetch_current_user_details', { cookie })).json.email;
    const result = await call(server, 'users/update_current_user', { cookie, body: { email: 'luc_read@demo.luc.invalid' } });
    expect(result.status).toBe(200);
    expect(result.json.emailConfirmationSentTo).toBe('luc_read@demo.luc.invalid');
    expect(result.json.email).toBe(before);
  });
});
