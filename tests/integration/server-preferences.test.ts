import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';

describe('userPreferences/vue', () => {
  const tmp = tempDir();
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db') });
    cookie = await signIn(server, 'luc_regular');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('keeps what was saved (round trip) and merges later partial saves', async () => {
    const put = await call(server, 'userPreferences/vue', {
      method: 'PUT',
      cookie,
      body: { currentRoute: '/map', groupId: 'G-NEWS-NATIONAL', mapData: { zoom: 6, latLng: { lat: 48.8, lng: 2.3 } } },
    });
    expect(put.status).toBe(200);
    await call(server, 'userPreferences/vue', { method: 'PUT', cookie, body: { unitListExpanded: true } });
    const got = await call(server, 'userPreferences/vue', { cookie });
    expect(got.json).toMatchObject({
      currentRoute: '/map',
      groupId: 'G-NEWS-NATIONAL',
      unitListExpanded: true,
      mapData: { zoom: 6, latLng: { lat: 48.8, lng: 2.3 } },
    });
  });

  it.each([
    ['a wrong field type', { unitListExpanded: 'yes' }, 'body.unitListExpanded must be boolean'],
    ['an unknown field', { isAdmin: true }, "body has an unknown field 'isAdmin'"],
    ['an array body', [1, 2], 'body must be object'],
    ['a string where an object goes', { mapData: 'paris' }, 'body.mapData must be object'],
  ])('answers 400 to %s and leaves the stored preferences as they were', async (_name, body, message) => {
    const before = await call(server, 'userPreferences/vue', { cookie });
    const result = await call(server, 'userPreferences/vue', { method: 'PUT', cookie, body });
    expect(result.status).toBe(400);
    expect(result.json.message).toBe(message);
    const after = await call(server, 'userPreferences/vue', { cookie });
    expect(after.json).toEqual(before.json);
  });

  it('keeps each user’s preferences apart', async () => {
    const other = await signIn(server, 'luc_read');
    expect((await call(server, 'userPreferences/vue', { cookie: other })).json.currentRoute).toBeNull();
  });
});
