/**
 * The incident centre (issue 17 items 1 and 2) through the real server, with the fleet simulator
 * on a manual clock and the recorder's batch flushed by the test (no timed assertions):
 * - a unit's transition (a reboot takes it offline) is in the log of everyone who sees its group;
 * - acknowledging keeps the first who and when; a read-only user may not; an unknown id is 404;
 * - thresholds per user and group: every kind, off until set; numbers outside their bounds are
 *   refused with the spec's messages per field; a threshold that holds when set raises a personal
 *   incident (the spec's battery text) that only its owner sees, with a toast on the bell;
 * - the bell counts unseen incidents until they are marked seen;
 * - every incident endpoint answers each of the 14 user types without a server error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Schema } from 'effect';
import { USER_TYPES, type UserType } from '../../src/domain/roles/userTypes.ts';
import { ERRORS } from '../../src/domain/errors.ts';
import { formatMessage, MESSAGES } from '../../src/domain/validation/messages.ts';
import { THRESHOLD_BOUNDS, THRESHOLD_KINDS, TRANSITION_TEXTS } from '../../src/domain/incidents.ts';
import { GroupThresholds, Incident, IncidentNews, IncidentPage } from '../../src/protocol/rest/incidents.ts';
import { call, signIn, tempDir } from './server-harness.ts';
import { GROUP, idleUnit, startUnitServer, type UnitTestServer } from './units-harness.ts';

const decodePage = Schema.decodeUnknownSync(IncidentPage);
const decodeNews = Schema.decodeUnknownSync(IncidentNews);
const decodeIncident = Schema.decodeUnknownSync(Incident);
const decodeThresholds = Schema.decodeUnknownSync(GroupThresholds);

describe('the incident centre', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  const cookies = new Map<UserType, string>();
  const as = (type: UserType) => cookies.get(type) ?? '';

  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 40);
    for (const type of USER_TYPES) cookies.set(type, await signIn(server, type));
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  const flush = () => server.built.routeDeps.incidents.flush();

  async function incidents(type: UserType, query: Record<string, string> = {}) {
    const answer = await call(server, `v2/incidents?${new URLSearchParams({ limit: '500', ...query }).toString()}`, { cookie: as(type) });
    expect(answer.status, answer.text).toBe(200);
    return decodePage(answer.json).items;
  }

  it('logs a unit going offline for everyone who sees its group, and keeps the first acknowledgement', async () => {
    const uid = await idleUnit(server);
    expect(server.fleet.command(uid, { type: 'reboot' }).ok).toBe(true);
    server.clock.advance(60_000);
    await flush();
    const logged = (await incidents('luc_regular', { unitId: uid, kind: 'transition' })).find((i) => i.code === 'onlineToOffline');
    expect(logged?.message).toBe(TRANSITION_TEXTS.onlineToOffline);
    expect(logged?.groupId).toBe(GROUP);
    expect(logged?.acknowledged).toBeNull();
    expect((await incidents('luc_admin', { unitId: uid })).map((i) => i.id)).toContain(logged?.id);

    const refused = await call(server, `v2/incidents/${logged?.id}/acknowledgement`, { method: 'PUT', cookie: as('luc_read') });
    expect(refused.status).toBe(403);
    const first = await call(server, `v2/incidents/${logged?.id}/acknowledgement`, { method: 'PUT', cookie: as('luc_regular') });
    expect(first.status).toBe(200);
    expect(decodeIncident(first.json).acknowledged?.by).toBe('luc_regular');
    const second = await call(server, `v2/incidents/${logged?.id}/acknowledgement`, { method: 'PUT', cookie: as('luc_admin') });
    expect(decodeIncident(second.json).acknowledged).toEqual(decodeIncident(first.json).acknowledged);
    expect((await incidents('luc_admin', { acknowledged: 'open', unitId: uid })).map((i) => i.id)).not.toContain(logged?.id);
    expect((await call(server, 'v2/incidents/999999999/acknowledgement', { method: 'PUT', cookie: as('luc_regular') })).status).toBe(404);
    // The acknowledgement is a write: it is in the feed, naming the incident.
    const feed = await call(server, `v2/activity?entityId=${logged?.id}`, { cookie: as('luc_regular') });
    expect(feed.json.items.some((e: { operation: string }) => e.operation === 'PUT v2/incidents/{id}/acknowledgement')).toBe(true);
  });

  it('answers every threshold kind, off until set, with its initial numbers', async () => {
    const answer = await call(server, `v2/incidents/thresholds/${GROUP}`, { cookie: as('luc_regular') });
    expect(answer.status).toBe(200);
    const got = decodeThresholds(answer.json);
    expect(got.thresholds.map((t) => t.kind)).toEqual([...THRESHOLD_KINDS]);
    expect(got.thresholds.every((t) => !t.enabled)).toBe(true);
    for (const t of got.thresholds) expect(t.value).toBe(THRESHOLD_BOUNDS[t.kind].value?.initial ?? null);
  });

  it.each([
    ['battery', { value: 0 }, 'battery.value', formatMessage(MESSAGES.minValue, { 1: THRESHOLD_BOUNDS.battery.value?.min ?? 0 })],
    ['battery', { value: 100 }, 'battery.value', formatMessage(MESSAGES.maxValue, { 1: THRESHOLD_BOUNDS.battery.value?.max ?? 0 })],
    ['lowUplink', { value: 1000, seconds: 4 }, 'lowUplink.seconds', formatMessage(MESSAGES.minValue, { 1: THRESHOLD_BOUNDS.lowUplink.seconds?.min ?? 0 })],
    ['offlineLong', { value: 1441 }, 'offlineLong.value', formatMessage(MESSAGES.maxValue, { 1: THRESHOLD_BOUNDS.offlineLong.value?.max ?? 0 })],
  ] as const)('refuses %s %j with "%s": %s', async (kind, numbers, field, message) => {
    const setting = { kind, enabled: true, seconds: null, toast: true, ...numbers };
    const answer = await call(server, `v2/incidents/thresholds/${GROUP}`, { method: 'PUT', cookie: as('luc_regular'), body: { thresholds: [setting] } });
    expect(answer.status).toBe(400);
    expect(answer.json.fields[field]).toBe(message);
  });

  it('refuses thresholds for a group the user is not in', async () => {
    await server.store.groups.insert({ id: 'G-ELSEWHERE', name: 'Elsewhere', inventoryId: 'INV-NEWS', autoAssociation: false, unitAutoAssociation: false, createdAt: Date.now() });
    const answer = await call(server, 'v2/incidents/thresholds/G-ELSEWHERE', { cookie: as('luc_regular') });
    expect([403, 404]).toContain(answer.status);
  });

  it('raises a personal incident when a threshold holds as it is set, with a toast on the owner’s bell only', async () => {
    const before = decodeNews((await call(server, 'v2/incidents/news', { cookie: as('luc_regular') })).json);
    const percent = 99;
    const set = await call(server, `v2/incidents/thresholds/${GROUP}`, {
      method: 'PUT',
      cookie: as('luc_regular'),
      body: { thresholds: [{ kind: 'battery', enabled: true, value: percent, seconds: null, toast: true }] },
    });
    expect(set.status, set.text).toBe(200);
    expect(decodeThresholds(set.json).thresholds.find((t) => t.kind === 'battery')).toMatchObject({ enabled: true, value: percent });
    await flush();
    const mine = await incidents('luc_regular', { kind: 'threshold' });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((i) => i.personal && i.message === formatMessage(ERRORS.alerts.batteryBelow, { 0: percent }))).toBe(true);
    expect(await incidents('luc_admin', { kind: 'threshold' })).toEqual([]);

    const news = decodeNews((await call(server, `v2/incidents/news?after=${before.latestId}`, { cookie: as('luc_regular') })).json);
    expect(news.toasts.length).toBeGreaterThan(0);
    expect(news.toasts.length).toBeLessThanOrEqual(5);
    expect(news.unseen).toBeGreaterThan(0);
    const seen = await call(server, 'v2/incidents/seen', { method: 'PUT', cookie: as('luc_regular'), body: { upTo: news.latestId } });
    expect(decodeNews(seen.json).unseen).toBe(0);
    const admins = decodeNews((await call(server, `v2/incidents/news?after=${before.latestId}`, { cookie: as('luc_admin') })).json);
    expect(admins.toasts).toEqual([]);
  });

  it.each(USER_TYPES.map((type) => [type]))('%s: every incident call answers without a server error', async (type) => {
    const calls: [string, string, unknown?][] = [
      ['GET', 'v2/incidents/news'],
      ['GET', 'v2/incidents/news?after=0'],
      ['GET', 'v2/incidents'],
      ['GET', `v2/incidents?kind=alert&severity=warning&groupId=${GROUP}&acknowledged=open&searchKey=unit&searchValue=a&sortBy=severity&sortDir=asc`],
      ['GET', `v2/incidents?from=${Date.now() - 59 * 86_400_000}`],
      ['PUT', 'v2/incidents/seen', { upTo: 0 }],
      ['PUT', 'v2/incidents/1/acknowledgement'],
      ['GET', `v2/incidents/thresholds/${GROUP}`],
      ['PUT', `v2/incidents/thresholds/${GROUP}`, { thresholds: [{ kind: 'linkLoss', enabled: true, value: null, seconds: null, toast: false }] }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await call(server, path, { method, cookie: as(type), ...(body !== undefined ? { body } : {}) });
      expect(answer.status, `${type} ${method} ${path}: ${answer.text}`).toBeLessThan(500);
    }
  });
});
