/**
 * References checked everywhere (issue 16 item 3), derived from the contract, not a hand list:
 * every field of every operation whose name reads as an id of another entity (`channelId`,
 * `subscriberIds`, `machineUid`, `uid`…) or that the contract annotates must say what it names:
 * `RefTo(kind)` (the server checks it before the handler, src/server/http/references.ts),
 * `PartOf(kind)` (a part of the call's own entity, looked up by its handler) or `NotARef(reason)`.
 * Then every write operation is sent, for each of its references, a made-up id and another
 * broadcaster's id (the demo's second broadcaster, src/server/demoSecondBroadcaster.ts): both are
 * refused alike (the same status and message, the id aside), like the scopes' 404, and the store
 * is left as it was. A call added later is covered without touching this test; the failure names
 * the operation and the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { sql } from 'kysely';
import { USER_TYPES, type UserType } from '../../src/domain/roles/userTypes.ts';
import { may, type Action } from '../../src/domain/roles/permissions.ts';
import { fillPath } from '../../src/protocol/rest/endpoint.ts';
import { REF_KINDS, type RefKind } from '../../src/protocol/rest/common.ts';
import type { ContractFacts } from '../../src/server/http/route.ts';
import { REFERENCE_CHECKS, referenceFields, type ReferenceField } from '../../src/server/http/references.ts';
import type { Tenancy } from '../../src/server/http/tenancy.ts';
import { DEMO_GROUPS } from '../../src/server/demo.ts';
import { seedSecondBroadcaster } from '../../src/server/demoSecondBroadcaster.ts';
import { makeUnitSeeds } from '../../src/server/sim/seeds.ts';
import { EventBus } from '../../src/server/live/bus.ts';
import { call, DEMO_PASSWORD, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';

const OWN_GROUP = 'G-NEWS-NATIONAL';
const GATEWAY_TYPE = 'DataBridge Gateway';

/** One id per kind in the caller's tenant and in the second broadcaster's. */
type Ids = Record<RefKind, string>;

/** Tables a refused call may touch: the activity feed records every write, sessions their last use. */
const UNTOUCHED_EXCEPT = new Set(['activity', 'sessions', 'kysely_migration', 'kysely_migration_lock']);

describe('references are checked everywhere (issue 16 item 3)', () => {
  const tmp = tempDir();
  let server: TestServer;
  let routes: ContractFacts[];
  const cookies = new Map<UserType, string>();
  let own: Ids;
  let foreign: Ids;

  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), bus: new EventBus() });
    const { store } = server;
    const now = Date.now();
    await seedSecondBroadcaster(store, { password: DEMO_PASSWORD, seed: 7, makeUnitSeeds, now });
    // What neither demo seeds in the test harness: a gateway, an overlay, a destination, a file, a video return channel of ours.
    await store.units.insertMany(
      [
        { uid: 'UGW-OWN', name: 'Gateway-Own', type: GATEWAY_TYPE, serial: 'GW1', groupId: OWN_GROUP, inventoryId: 'INV-NEWS', lat: 0, lng: 0, swVersion: '8.5.0' },
        { uid: 'UGW-BAYSIDE', name: 'Gateway-Bayside', type: GATEWAY_TYPE, serial: 'GW2', groupId: 'G-BAYSIDE-NEWS', inventoryId: 'INV-BAYSIDE', lat: 0, lng: 0, swVersion: '8.5.0' },
      ],
      now,
    );
    await store.db
      .insertInto('overlays')
      .values([
        { id: 'OVL-OWN', inventory_id: 'INV-NEWS', file_name: 'own.png', width: 1, height: 1, size_bytes: 1, png_base64: '', created_at: now },
        { id: 'OVL-BAYSIDE', inventory_id: 'INV-BAYSIDE', file_name: 'bay.png', width: 1, height: 1, size_bytes: 1, png_base64: '', created_at: now },
      ])
      .execute();
    await store.db
      .insertInto('channel_destinations')
      .values([
        { id: 'DST-OWN', channel_id: 'CH-NEWS-NATIONAL-PREVIEW', name: 'Own', created_at: now, updated_at: now },
        { id: 'DST-BAYSIDE', channel_id: 'CH-BAYSIDE-NEWS-PREVIEW', name: 'Bayside', created_at: now, updated_at: now },
      ])
      .execute();
    await store.db
      .insertInto('channel_files')
      .values([
        { id: 'FILE-OWN', channel_id: 'CH-NEWS-NATIONAL-PREVIEW', mmh_id: 'MMH-1', unit_uid: null, file_name: 'own.mp4', last_modified: now, story_id: null, content: null, created_at: now },
        { id: 'FILE-BAYSIDE', channel_id: 'CH-BAYSIDE-NEWS-PREVIEW', mmh_id: 'MMH-BAYSIDE', unit_uid: null, file_name: 'bay.mp4', last_modified: now, story_id: null, content: null, created_at: now },
      ])
      .execute();
    await store.db.insertInto('vr_channels').values({ id: 'VRC-OWN', name: 'Own-VR', inventory_id: 'INV-NEWS', created_at: now }).execute();
    const ownUnit = (await store.units.all()).find((u) => u.groupId === OWN_GROUP && u.type !== GATEWAY_TYPE)?.uid ?? '';
    own = {
      memberGroup: OWN_GROUP, group: OWN_GROUP, inventory: 'INV-NEWS', unit: ownUnit, user: 'USR-LUC_REGULAR', channel: 'CH-NEWS-NATIONAL-PREVIEW', vrChannel: 'VRC-OWN', server: 'MMH-1',
      gateway: 'UGW-OWN', story: 'STY-NEWS-1', subscriber: 'SUB-NEWS-1', overlay: 'OVL-OWN', destination: 'DST-OWN', file: 'FILE-OWN',
    };
    foreign = {
      memberGroup: 'G-BAYSIDE-NEWS', group: 'G-BAYSIDE-NEWS', inventory: 'INV-BAYSIDE', unit: 'B000001', user: 'USR-B_LUC_REGULAR', channel: 'CH-BAYSIDE-NEWS-PREVIEW', vrChannel: 'VRC-BAYSIDE-1', server: 'MMH-BAYSIDE',
      gateway: 'UGW-BAYSIDE', story: 'STY-BAYSIDE-1', subscriber: 'SUB-BAYSIDE-1', overlay: 'OVL-BAYSIDE', destination: 'DST-BAYSIDE', file: 'FILE-BAYSIDE',
    };
    routes = server.built.openapi.contracts().filter((route) => route.access !== 'public');
  }, 60_000);
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  /** The id-like and annotated fields of a route's params, query and body. */
  const fieldsOf = (route: ContractFacts): ReferenceField[] => [
    ...referenceFields(route.schemas.params, 'params'),
    ...referenceFields(route.schemas.query, 'query'),
    ...referenceFields(route.schemas.body, 'body'),
  ];
  const nameOf = (route: ContractFacts): string => `${route.endpoint.method} ${route.endpoint.path}`;

  it('the fixtures hold one own and one foreign id of every kind, and the checks tell them apart', async () => {
    // luc_admin's tenancy: the demo groups (every demo user has all five) and their inventories.
    const tenancy: Tenancy = { all: false, groupIds: new Set(DEMO_GROUPS.map((g) => g.id)), inventoryIds: new Set(await server.store.users.inventoryIdsOfUser('USR-LUC_ADMIN')) };
    const wrong: string[] = [];
    for (const kind of REF_KINDS) {
      const context = { deps: server.built.routeDeps, tenancy };
      if (!(await REFERENCE_CHECKS[kind](own[kind], context))) wrong.push(`${kind}: own id ${own[kind]} refused`);
      if (await REFERENCE_CHECKS[kind](foreign[kind], context)) wrong.push(`${kind}: foreign id ${foreign[kind]} accepted`);
      if (await REFERENCE_CHECKS[kind](`MADE-UP-${kind}`, context)) wrong.push(`${kind}: made-up id accepted`);
    }
    expect(wrong).toEqual([]);
  });

  it('every field that reads as an id says what it names (RefTo, PartOf or NotARef), on every operation', async () => {
    const missing: string[] = [];
    let references = 0;
    for (const route of routes) {
      for (const field of fieldsOf(route)) {
        if (field.ref !== undefined || field.partOf !== undefined) references += 1;
        if (field.ref !== undefined || field.partOf !== undefined || field.notRef !== undefined) continue;
        if (route.scope.from.includes(field.name)) continue; // the route's scope loads and checks it (scope.ts)
        if (field.name === 'query.crnt_vcg_uid') continue; // the API gate checks it is one of the caller's groups
        missing.push(
          `${nameOf(route)} ${field.name}: its name reads as an id of another entity, but the contract does not say which: declare it RefTo('<kind>') (checked by the server), PartOf('<kind>') or NotARef('<why>') (src/protocol/rest/common.ts)`,
        );
      }
    }
    const all = routes.flatMap(fieldsOf);
    // The figures of docs/security.md.
    console.info(
      `references: ${routes.length} operations, ${all.length} id-like or annotated fields: ${all.filter((f) => f.ref !== undefined).length} RefTo (checked by the kit; ${all.filter((f) => f.ref !== undefined && !f.name.endsWith('crnt_vcg_uid')).length} besides crnt_vcg_uid), ${all.filter((f) => f.partOf !== undefined).length} PartOf, ${all.filter((f) => f.notRef !== undefined).length} NotARef, the rest checked by scopes or the API gate`,
    );
    expect(missing).toEqual([]);
    expect(references).toBeGreaterThan(50);
    // The OpenAPI document tells clients the same.
    const document = (await call(server, 'openapi.json')).text;
    expect(document).toContain('"x-ref":"channel"');
  });

  /** A table-by-table fingerprint of the store, less the tables a refused call may touch. */
  async function snapshot(): Promise<Map<string, string>> {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(server.store.db);
    const out = new Map<string, string>();
    for (const { name } of tables.rows) {
      if (UNTOUCHED_EXCEPT.has(name)) continue;
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(server.store.db);
      out.set(name, JSON.stringify(rows.rows));
    }
    return out;
  }

  /** The caller of a route: a tenant's admin when the table lets one, else the first user type it grants. */
  function callerOf(route: ContractFacts): UserType | undefined {
    const order: UserType[] = ['luc_admin', ...USER_TYPES.filter((t) => t !== 'luc_admin' && t !== 'super_user'), 'super_user'];
    return order.find((type) => may([type], route.access as Action));
  }

  /** Puts `value` at a field's path (a list gets one item). */
  function place(target: Record<string, unknown>, path: readonly string[], value: string, isList: boolean): void {
    const [head, ...rest] = path;
    if (head === undefined) return;
    if (rest[0] === '[]') {
      const item: Record<string, unknown> = {};
      if (rest.length === 1) target[head] = [value];
      else {
        place(item, rest.slice(1), value, isList);
        target[head] = [item];
      }
      return;
    }
    if (rest.length === 0) {
      target[head] = isList ? [value] : value;
      return;
    }
    const child = (target[head] ??= {}) as Record<string, unknown>;
    place(child, rest, value, isList);
  }

  /** The call of a route with its scope's ids from our tenant and `value` in the field under test. */
  function request(route: ContractFacts, field: ReferenceField, value: string): { path: string; body?: unknown } {
    const params: Record<string, string> = {};
    const query: Record<string, string> = {};
    const body: Record<string, unknown> = {};
    const scoped = route.scope.kind in own ? own[route.scope.kind as RefKind] : '';
    for (const ref of route.scope.from) {
      const [part, name = ''] = ref.split('.');
      if (part === 'params') params[name] = scoped;
      else if (part === 'query') query[name] = scoped;
      else body[name] = scoped;
    }
    const queryNames = Object.keys((route.schemas.query?.['properties'] as Record<string, unknown> | undefined) ?? {});
    if (queryNames.includes('crnt_vcg_uid')) query['crnt_vcg_uid'] ??= OWN_GROUP;
    for (const name of route.endpoint.path.match(/\{(\w+)\}/g)?.map((m) => m.slice(1, -1)) ?? []) params[name] ??= 'X-NONE';
    const listSchema = fieldSchema(route, field);
    const isList = listSchema?.['type'] === 'array' || (Array.isArray(listSchema?.['anyOf']) && (listSchema['anyOf'] as Record<string, unknown>[]).some((o) => o['type'] === 'array'));
    if (field.part === 'params') params[field.path[0] ?? ''] = value;
    else if (field.part === 'query') query[field.path[0] ?? ''] = value;
    else place(body, field.path, value, isList);
    const text = new URLSearchParams(query).toString();
    return { path: `${fillPath(route.endpoint.path, params)}${text === '' ? '' : `?${text}`}`, ...(route.endpoint.method === 'GET' ? {} : { body }) };
  }

  /** The JSON Schema of a field (to know whether it is a list of ids). */
  function fieldSchema(route: ContractFacts, field: ReferenceField): Record<string, unknown> | undefined {
    let node = route.schemas[field.part] as Record<string, unknown> | undefined;
    const defs = (node?.['$defs'] as Record<string, Record<string, unknown>> | undefined) ?? {};
    const resolve = (n: Record<string, unknown> | undefined) => (typeof n?.['$ref'] === 'string' ? defs[String(n['$ref']).split('/').pop() ?? ''] : n);
    for (const step of field.path) {
      node = resolve(node);
      if (step === '[]') node = (node?.['items'] as Record<string, unknown> | undefined) ?? undefined;
      else {
        const props = (node?.['properties'] as Record<string, Record<string, unknown>> | undefined) ?? (node?.['anyOf'] as Record<string, unknown>[] | undefined)?.map((o) => resolve(o)?.['properties']).find((p) => p !== undefined) as Record<string, Record<string, unknown>> | undefined;
        node = props?.[step];
      }
    }
    return resolve(node);
  }

  const writes = (): { route: ContractFacts; field: ReferenceField }[] =>
    routes.filter((route) => route.endpoint.method !== 'GET').flatMap((route) => fieldsOf(route).filter((f) => f.ref !== undefined || f.partOf !== undefined).map((field) => ({ route, field })));

  it('every write refuses a made-up id and another broadcaster’s id in each reference alike, and stores nothing', async () => {
    const failures: string[] = [];
    let tried = 0;
    let foreignTried = 0;
    for (const { route, field } of writes()) {
      const caller = callerOf(route);
      if (caller === undefined) continue;
      if (!cookies.has(caller)) cookies.set(caller, await signIn(server, caller));
      const cookie = cookies.get(caller) ?? '';
      const where = `${nameOf(route)} ${field.name} (${field.ref ?? `part of ${field.partOf}`}, as ${caller})`;
      const before = await snapshot();
      const madeUpId = `MADE-UP-${field.ref ?? field.partOf}`;
      const madeUp = await call(server, request(route, field, madeUpId).path, { method: route.endpoint.method, cookie, ...optionalBody(request(route, field, madeUpId).body) });
      tried += 1;
      if (madeUp.status < 400 || madeUp.status >= 500) failures.push(`${where}: a made-up id answered ${madeUp.status}, expected the refusal its siblings answer`);
      // The other broadcaster's id: only for a kind the fixtures hold and a caller that is not a super user (who sees both).
      if (field.ref !== undefined && caller !== 'super_user') {
        const foreignId = foreign[field.ref];
        foreignTried += 1;
        const { path, body } = request(route, field, foreignId);
        const other = await call(server, path, { method: route.endpoint.method, cookie, ...optionalBody(body) });
        if (other.status < 400 || other.status >= 500) failures.push(`${where}: another broadcaster's id answered ${other.status}`);
        else if (other.status !== madeUp.status || String(other.json?.message).replace(foreignId, '<id>') !== String(madeUp.json?.message).replace(madeUpId, '<id>')) {
          failures.push(`${where}: a foreign id is told apart from a made-up one: ${other.status} "${other.json?.message}" vs ${madeUp.status} "${madeUp.json?.message}"`);
        }
        // Checked by the kit (not by a scope or the API gate), naming the field: 404 as the scopes, 403 for a group one is not a member of, 400 for a unit setting's gateway, story or subscriber.
        const expected = field.ref === 'memberGroup' ? 403 : field.part === 'body' && ['gateway', 'story', 'subscriber'].includes(field.ref) ? 400 : 404;
        if (!route.scope.from.includes(field.name) && field.name !== 'query.crnt_vcg_uid' && (other.status !== expected || Object.keys(other.json?.fields ?? {}).length !== 1)) {
          failures.push(`${where}: answered ${other.status} "${other.json?.message}", expected ${expected} naming the field`);
        }
      }
      const after = await snapshot();
      for (const [table, rows] of before) if (after.get(table) !== rows) failures.push(`${where}: the refused call changed table ${table}`);
    }
    console.info(`references: ${tried} reference fields of write operations sent a made-up id, ${foreignTried} also another broadcaster's`);
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(40);
  }, 300_000);
});

function optionalBody(body: unknown): { body?: unknown } {
  return body === undefined ? {} : { body };
}
