/**
 * The groups area's routes: one `defineRoute` per endpoint of src/protocol/rest/groups.ts, HTTP
 * only. Who may call (access) is the permissions table's; which group the call is about (scope)
 * is checked before the handler runs; the work is the service's.
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { administeredGroup, memberGroup, ownInventory, SELF, TENANT, visibleUnitScope } from '../../http/scope.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import * as api from '../../../protocol/rest/groups.ts';
import { GROUP_SEARCH_KEYS, GROUP_SORT_KEYS } from '../../../protocol/rest/groups.ts';
import { email } from '../../../domain/validation/fields.ts';
import { GRID_PAGE_SIZE } from '../../../domain/constants.ts';
import { notFound } from '../../http/errors.ts';
import type { RouteDeps } from '../deps.ts';
import { GroupService } from './service.ts';

/** limit/offset of an association list, with the spec's defaults. */
const range = (query: { readonly limit?: number; readonly offset?: number }) => ({ limit: query.limit ?? GRID_PAGE_SIZE, offset: query.offset ?? 0 });

export function groupRoutes(deps: RouteDeps): RouteDefinition[] {
  const groups = new GroupService(deps.store, deps.ownership, deps.live, deps.now);
  const page = (query: Parameters<typeof pageRequest<(typeof GROUP_SEARCH_KEYS)[number], (typeof GROUP_SORT_KEYS)[number]>>[0]) => pageRequest(query, GROUP_SEARCH_KEYS, GROUP_SORT_KEYS);

  return [
    // ── Administration (v2) ──
    defineRoute(api.listGroups, { access: 'groups.admin', scope: TENANT, handler: ({ query, tenancy }) => groups.page(tenancy, page(query)) }),
    defineRoute(api.listInventoryGroups, {
      access: 'groups.admin',
      scope: ownInventory('params.id'),
      handler: ({ query, tenancy, scoped }) => groups.page(tenancy, page(query), scoped.inventory.id),
    }),
    defineRoute(api.getGroup, { access: 'groups.admin', scope: administeredGroup('params.id'), handler: ({ scoped }) => groups.row(scoped.group.id) }),
    defineRoute(api.createGroup, { access: 'groups.admin', scope: TENANT, handler: ({ body, tenancy }) => groups.create(tenancy, body) }),
    defineRoute(api.updateGroup, { access: 'groups.admin', scope: administeredGroup('params.id'), handler: ({ body, scoped }) => groups.update(scoped.group, body) }),
    defineRoute(api.deleteGroup, {
      access: 'groups.admin',
      scope: administeredGroup('params.id'),
      handler: async ({ tenancy, scoped }) => ({ removed: await groups.remove(tenancy, [scoped.group.id]) }),
    }),
    defineRoute(api.groupUnits, { access: 'groups.admin', scope: administeredGroup('params.id'), handler: ({ query, scoped }) => groups.units(scoped.group, range(query).limit, range(query).offset) }),
    defineRoute(api.groupChannels, { access: 'groups.admin', scope: administeredGroup('params.id'), handler: ({ query, scoped }) => groups.channels(scoped.group, range(query).limit, range(query).offset) }),
    defineRoute(api.groupVrChannels, { access: 'groups.admin', scope: administeredGroup('params.id'), handler: ({ query, scoped }) => groups.vrChannels(scoped.group, range(query).limit, range(query).offset) }),
    defineRoute(api.groupUsers, { access: 'groups.admin', scope: administeredGroup('params.id'), handler: ({ query, scoped }) => groups.users(scoped.group, range(query).limit, range(query).offset) }),
    defineRoute(api.linkGroupChannel, { access: 'groups.admin', scope: administeredGroup('params.gid'), handler: ({ params, scoped }) => groups.linkChannel(scoped.group, params.cid, true) }),
    defineRoute(api.unlinkGroupChannel, { access: 'groups.admin', scope: administeredGroup('params.gid'), handler: ({ params, scoped }) => groups.linkChannel(scoped.group, params.cid, false) }),
    defineRoute(api.linkGroupVrChannel, { access: 'groups.admin', scope: administeredGroup('params.gid'), handler: ({ params, scoped }) => groups.linkVrChannel(scoped.group, params.cid, true) }),
    defineRoute(api.unlinkGroupVrChannel, { access: 'groups.admin', scope: administeredGroup('params.gid'), handler: ({ params, scoped }) => groups.linkVrChannel(scoped.group, params.cid, false) }),
    defineRoute(api.linkGroupUser, { access: 'groups.admin', scope: administeredGroup('params.gid'), handler: ({ params, scoped }) => groups.linkUser(scoped.group, params.uid, true) }),
    defineRoute(api.unlinkGroupUser, { access: 'groups.admin', scope: administeredGroup('params.gid'), handler: ({ params, scoped }) => groups.linkUser(scoped.group, params.uid, false) }),

    // ── Legacy (spec 002 §7 "Groups (legacy)") ──
    defineRoute(api.fetchGroups, { access: 'groups.read', scope: SELF, handler: ({ auth }) => deps.store.groups.forUser(auth.user.id) }),
    defineRoute(api.lightFetchGroups, {
      access: 'groups.read',
      scope: SELF,
      handler: async ({ auth }) => (await deps.store.groups.forUser(auth.user.id)).map((g) => ({ uid: g.uid, name: g.name })),
    }),
    defineRoute(api.fetchMachineGroups, { access: 'groups.read', scope: SELF, handler: ({ auth }) => deps.store.groups.forUserWithUnitCounts(auth.user.id) }),
    defineRoute(api.fetchGroupDetails, {
      access: 'groups.admin',
      scope: TENANT,
      handler: async ({ query, tenancy }) => {
        if (query.groupUid !== undefined) {
          const group = await deps.store.groups.get(query.groupUid);
          if (group === undefined || !(tenancy.all || tenancy.groupIds.has(group.id) || tenancy.inventoryIds.has(group.inventoryId))) throw notFound(`Group '${query.groupUid.slice(0, 64)}' not found`);
          return [await groups.row(group.id)];
        }
        if (query.inventoryUid !== undefined) {
          if (!(tenancy.all || tenancy.inventoryIds.has(query.inventoryUid))) throw notFound(`Inventory '${query.inventoryUid.slice(0, 64)}' not found`);
          return (await groups.page(tenancy, { ...page({}), limit: 10_000 }, query.inventoryUid)).items;
        }
        return (await groups.page(tenancy, { ...page({}), limit: 10_000 })).items;
      },
    }),
    defineRoute(api.fetchGroupFeatures, { access: 'groups.read', scope: memberGroup('query.uid'), handler: async ({ scoped }) => groups.features((await deps.store.groups.get(scoped.groupId))!) }),
    defineRoute(api.legacyAddGroup, { access: 'groups.admin', scope: TENANT, handler: ({ body, tenancy }) => groups.create(tenancy, body) }),
    defineRoute(api.legacyAddGroupDetails, { access: 'groups.admin', scope: TENANT, handler: ({ body, tenancy }) => groups.create(tenancy, body) }),
    defineRoute(api.legacyUpdateGroup, { access: 'groups.admin', scope: administeredGroup('body.uid'), handler: ({ body, scoped }) => groups.update(scoped.group, { name: body.name }) }),
    defineRoute(api.legacyUpdateGroupDetails, {
      access: 'groups.admin',
      scope: administeredGroup('body.uid'),
      handler: ({ body, scoped }) => {
        const { uid: _uid, ...changes } = body;
        return groups.update(scoped.group, changes);
      },
    }),
    defineRoute(api.legacyRemoveGroups, { access: 'groups.admin', scope: TENANT, handler: async ({ body, tenancy }) => ({ removed: await groups.remove(tenancy, body.uids) }) }),

    // ── Group services (v2) ──
    defineRoute(api.getGroupDefaultConfiguration, { access: 'groups.read', scope: administeredGroup('params.id'), handler: ({ scoped }) => groups.defaultConfiguration(scoped.group) }),
    defineRoute(api.createGroupDefaultConfiguration, {
      access: 'groups.configure',
      scope: administeredGroup('params.id'),
      handler: ({ body, scoped }) => groups.setDefaultConfiguration(scoped.group, body, 'create'),
    }),
    defineRoute(api.updateGroupDefaultConfiguration, {
      access: 'groups.configure',
      scope: administeredGroup('params.id'),
      handler: ({ body, scoped }) => groups.setDefaultConfiguration(scoped.group, body, 'update'),
    }),
    defineRoute(api.groupMultiChannels, { access: 'groups.read', scope: administeredGroup('params.id'), handler: ({ scoped }) => groups.multiChannels(scoped.group) }),
    defineRoute(api.getGroupAlertsConfiguration, { access: 'groups.read', scope: administeredGroup('params.id'), handler: ({ scoped }) => groups.alertsConfiguration(scoped.group) }),
    defineRoute(api.updateGroupAlertsConfiguration, {
      access: 'groups.configure',
      scope: administeredGroup('params.id'),
      handler: ({ body, scoped }) => groups.setAlertsConfiguration(scoped.group, body, email),
    }),
    defineRoute(api.unitGroups, { access: 'units.read', scope: visibleUnitScope('params.id'), handler: ({ scoped }) => groups.groupsOfUnit(scoped.unit.groupId) }),
  ];
}
