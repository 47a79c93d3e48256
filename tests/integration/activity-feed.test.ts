/**
 * The activity feed (issue 17 item 3), end to end through the real server.
 * - Every write lands in the feed: the list of writes is derived from the contract (every route the
 *   server registered through defineRoute whose method is not GET, as its OpenAPI collector lists
 *   them), not a hand list; a route added later is covered without touching this test. Each is
 *   called once by the super user (scope ids that name nothing, so no demo data is destroyed, and a
 *   body of `{}`), and the feed then holds an entry with the same operation, status, outcome,
 *   caller and application id.
 * - A real change carries who, which entity, before, after and the fields that changed; secrets
 *   are redacted; a refused sign-in names the username it tried.
 * - Who sees what: a user their own entries, an admin their inventories', a super user all.
 * - Every activity endpoint answers each of the 14 user types without a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { USER_TYPES, type UserType } from '../../src/domain/roles/userTypes.ts';
import { activityOutcomeOf, REDACTED } from '../../src/domain/activity.ts';
import { endpointName, fillPath } from '../../src/protocol/rest/endpoint.ts';
import type { ContractFacts } from '../../src/server/http/route.ts';
import { ActivityPage, type ActivityEntry } from '../../src/protocol/rest/activity.ts';
import { Schema } from 'effect';
import { APP_ID, call, signIn, tempDir } from './server-harness.ts';
import { GROUP, startUnitServer, type UnitTestServer } from './units-harness.ts';

const decodePage = Schema.decodeUnknownSync(ActivityPage);

describe('the activity feed records every write through the API', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let writes: ContractFacts[];
  const cookies = new Map<UserType, string>();

  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 20);
    for (const type of USER_TYPES) cookies.set(type, await signIn(server, type));
    writes = server.built.openapi.contracts().filter((route) => route.endpoint.method !== 'GET');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  /** The feed as a user sees it (the last hour, newest first), decoded by its Schema. */
  async function feed(type: UserType, query: Record<string, string> = {}): Promise<ActivityEntry[]> {
    const params = new URLSearchParams({ limit: '500', from: String(Date.now() - 3_600_000), ...query });
    const answer = await call(server, `v2/activity?${params.toString()}`, { cookie: cookies.get(type) ?? '' });
    expect(answer.status).toBe(200);
    return [...decodePage(answer.json).items];
  }

  it('derives the writes from the contract (a route added later is covered without touching this test)', () => {
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.map((route) => endpointName(route.endpoint))).toContain('PUT v2/incidents/{id}/acknowledgement');
  });

  it('holds one entry per write route, with its operation, status, outcome, caller and application id', async () => {
    const calls: { operation: string; status: number; public: boolean }[] = [];
    for (const route of writes) {
      const params: Record<string, string> = {};
      for (const name of route.endpoint.path.match(/\{(\w+)\}/g)?.map((m) => m.slice(1, -1)) ?? []) params[name] = 'X-NONE';
      const path = fillPath(route.endpoint.path, params);
      const send = () => call(server, path, { method: route.endpoint.method, cookie: cookies.get('super_user') ?? '', body: {} });
      let answer = await send();
      if (answer.status === 401 && route.access !== 'public') {
        // An earlier write ended the session (sign-out): sign in again; a 401 before a caller is known is not a write by anyone.
        cookies.set('super_user', await signIn(server, 'super_user'));
        answer = await send();
      }
      calls.push({ operation: endpointName(route.endpoint), status: answer.status, public: route.access === 'public' });
    }
    if (calls.some((c) => c.operation.includes('logout'))) cookies.set('super_user', await signIn(server, 'super_user'));
    const entries = await feed('super_user');
    const missing: string[] = [];
    for (const made of calls) {
      const entry = entries.find((e) => e.operation === made.operation && e.status === made.status);
      if (entry === undefined) {
        missing.push(`${made.operation} (${made.status})`);
        continue;
      }
      expect(entry.outcome).toBe(activityOutcomeOf(made.status));
      expect(entry.applicationId).toBe(APP_ID);
      if (!made.public) expect(entry.actor.username).toBe('super_user');
    }
    expect(missing).toEqual([]);
    // No write answered a server error, whatever it was sent.
    expect(calls.filter((c) => c.status >= 500)).toEqual([]);
  });

  it('keeps who, which entity, before, after and what changed of a real change', async () => {
    const before = await call(server, `v2/admin/groups/${GROUP}`, { cookie: cookies.get('luc_admin') ?? '' });
    expect(before.status).toBe(200);
    const name = String(before.json.name);
    const renamed = `${name}-Renamed`;
    const answer = await call(server, `v2/admin/groups/${GROUP}`, { method: 'PUT', cookie: cookies.get('luc_admin') ?? '', body: { name: renamed } });
    const entries = await feed('luc_admin', { entityId: GROUP });
    const entry = entries.find((e) => e.method === 'PUT' && e.operation.startsWith('PUT v2/admin/groups/'));
    expect(entry).toBeDefined();
    expect(entry?.status).toBe(answer.status);
    expect(entry?.actor.username).toBe('luc_admin');
    expect(entry?.entity).toMatchObject({ kind: 'group', id: GROUP });
    expect((entry?.before as Record<string, unknown>)['name']).toBe(name);
    expect(answer.status).toBe(200);
    expect((entry?.after as Record<string, unknown>)['name']).toBe(renamed);
    expect(entry?.changed).toContain('name');
    // Put it back, so the other tests see the demo names.
    await call(server, `v2/admin/groups/${GROUP}`, { method: 'PUT', cookie: cookies.get('luc_admin') ?? '', body: { name } });
  });

  it('records a refused sign-in with the username it named and never the password', async () => {
    const answer = await call(server, 'auth/login', { body: { username: 'luc_regular', password: 'Wrong-Passw0rd-417' } });
    expect(answer.status).toBe(401);
    const entries = await feed('super_user', { searchKey: 'username', searchValue: 'luc_regular', outcome: 'refused' });
    const entry = entries.find((e) => e.operation === 'POST auth/login' || e.operation.endsWith('login'));
    expect(entry).toBeDefined();
    expect(entry?.actor.id).toBeNull();
    expect((entry?.request as Record<string, unknown>)['password']).toBe(REDACTED);
    expect(JSON.stringify(entries)).not.toContain('Wrong-Passw0rd-417');
  });

  it('shows a user their own entries only, an admin those of their inventories, a super user all', async () => {
    await call(server, 'v2/incidents/seen', { method: 'PUT', cookie: cookies.get('luc_read') ?? '', body: { upTo: 0 } });
    await call(server, 'v2/incidents/seen', { method: 'PUT', cookie: cookies.get('luc_regular') ?? '', body: { upTo: 0 } });
    const regular = await feed('luc_regular');
    expect(regular.length).toBeGreaterThan(0);
    expect(new Set(regular.map((e) => e.actor.username))).toEqual(new Set(['luc_regular']));
    const admin = await feed('luc_admin');
    expect(admin.map((e) => e.actor.username)).toContain('luc_regular');
    const all = await feed('super_user');
    expect(all.map((e) => e.actor.username)).toEqual(expect.arrayContaining(['luc_read', 'luc_regular', 'luc_admin', 'super_user']));
  });

  it.each(USER_TYPES.map((type) => [type]))('%s: every activity read answers without a server error', async (type) => {
    for (const path of ['v2/activity', 'v2/activity/facets', 'v2/activity?searchKey=entity&searchValue=G-&sortBy=status&sortDir=asc', `v2/activity?from=${Date.now() - 59 * 86_400_000}&outcome=refused`]) {
      const answer = await call(server, path, { cookie: cookies.get(type) ?? '' });
      expect(answer.status, `${type} GET ${path}: ${answer.text}`).toBeLessThan(500);
    }
  });
});
