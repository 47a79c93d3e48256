/**
 * The unit area's routes (spec 000 §7 "Units", "Settings", "Pairing by QR code", "Alerts",
 * "Inventory and group links", "Administration of units"): one `defineRoute` per endpoint of
 * src/protocol/rest/units.ts, unitAdmin.ts and unitSettings.ts, HTTP only. The control calls
 * (commands, streaming, applications, storage) are the unitControl area's.
 *
 * Access levels of the unit calls (permissions table): units.read (any signed-in user: the unit
 * list, map and multiview), units.manage (the broad management set: admin listings and link
 * reads), units.operate (console users who are not read-only: any change to a unit), units.admin
 * (the admin set: administration under v2/admin). Scopes: the unit named by the call
 * (visibleUnitScope: the same 404 for unknown and foreign units), the group it names (memberGroup),
 * the inventory of an inventory path (ownInventory).
 */
import { defineRoute, rawAnswer, type RouteDefinition } from '../../http/route.ts';
import { PACKED_SNAPSHOT_TYPE } from '../../../protocol/packedSnapshot.ts';
import { columnsSnapshot, packSnapshot, wantsColumnsSnapshot, wantsPackedSnapshot } from './packedSnapshot.ts';
import { memberGroup, ownInventory, TENANT, visibleUnitScope } from '../../http/scope.ts';
import { notFound } from '../../http/errors.ts';
import * as reads from '../../../protocol/rest/units.ts';
import * as admin from '../../../protocol/rest/unitAdmin.ts';
import * as settings from '../../../protocol/rest/unitSettings.ts';
import type { RouteDeps } from '../deps.ts';
import { groupSnapshot, locationOf, modemsOf, targetVersionOf, unitPage, unitStatusOf } from './reads.ts';
import { capabilitiesOf, enhancedView, unitView, unitWithSettings } from './views.ts';
import { renameUnit, updateIdentity } from './identity.ts';
import * as unitAdmin from './admin.ts';
import * as links from './links.ts';
import * as stored from './settings.ts';
import { visibleUnit } from './visibility.ts';
import { renderTestCard } from './testCard.ts';

/** The unit named by the path (the scope has checked it). */
const UNIT = visibleUnitScope('params.id');
/** The group a call names in its path or query, and the current group: all must be the caller's. */
const PATH_GROUP = memberGroup('params.gid', 'query.crnt_vcg_uid');
const QUERY_GROUP = memberGroup('query.groupId', 'query.crnt_vcg_uid');

export function unitRoutes(deps: RouteDeps): RouteDefinition[] {
  return [...readRoutes(deps), ...adminRoutes(deps), ...linkRoutes(deps), ...settingsRoutes(deps)];
}

function readRoutes(deps: RouteDeps): RouteDefinition[] {
  return [
    defineRoute(reads.unitStatus, { access: 'units.read', scope: UNIT, handler: async ({ scoped }) => unitStatusOf(deps, scoped.unit.uid) }),
    defineRoute(reads.fetchDevices, {
      access: 'units.read',
      scope: memberGroup('query.crnt_vcg_uid'),
      handler: async ({ scoped, request }) => {
        const snapshot = await groupSnapshot(deps, scoped.groupId);
        // The console's worker asks for the columns form (docs/api.md "Columns form"), other callers
        // may ask for the packed form ("Packed form"); JSON otherwise.
        if (wantsColumnsSnapshot(request.headers.accept)) {
          const answer = columnsSnapshot(snapshot);
          return rawAnswer(answer.body, answer.type);
        }
        return wantsPackedSnapshot(request.headers.accept) ? rawAnswer(packSnapshot(snapshot), PACKED_SNAPSHOT_TYPE) : snapshot;
      },
    }),
    defineRoute(reads.listUnits, { access: 'units.manage', scope: TENANT, handler: ({ query, tenancy }) => unitPage(deps, tenancy.all ? 'all' : [...tenancy.groupIds], query) }),
    defineRoute(reads.listInventoryUnits, {
      access: 'units.manage',
      scope: ownInventory('params.inv'),
      handler: ({ query, tenancy, scoped }) => unitPage(deps, tenancy.all ? 'all' : [...tenancy.groupIds], query, scoped.inventory.id),
    }),
    defineRoute(reads.fetchUnitById, { access: 'units.read', scope: UNIT, handler: async ({ scoped }) => unitView(deps, scoped.unit) }),
    defineRoute(reads.unitLocation, { access: 'units.read', scope: UNIT, handler: async ({ scoped }) => locationOf(scoped.unit) }),
    defineRoute(reads.unitModems, { access: 'units.read', scope: UNIT, handler: async ({ scoped }) => modemsOf(deps, scoped.unit.uid) }),
    defineRoute(reads.unitCoordinates, {
      access: 'units.read',
      scope: visibleUnitScope('query.uid'),
      handler: async ({ scoped }) => ({ uid: scoped.unit.uid, lat: scoped.unit.lat, lng: scoped.unit.lng }),
    }),
    defineRoute(reads.unitCapabilities, {
      access: 'units.read',
      scope: UNIT,
      handler: async ({ scoped }) => ({
        uid: scoped.unit.uid,
        ...capabilitiesOf(scoped.unit.type, deps.fleet.get()?.fleet.unit(scoped.unit.uid)?.swVersion ?? scoped.unit.swVersion),
      }),
    }),
    defineRoute(reads.enhancedUnit, { access: 'units.read', scope: UNIT, handler: async ({ scoped }) => enhancedView(deps, scoped.unit) }),
    defineRoute(reads.unitTargetVersion, { access: 'units.read', scope: UNIT, handler: async ({ scoped }) => targetVersionOf(deps, scoped.unit) }),
    defineRoute(reads.getUnit, { access: 'units.read', scope: UNIT, handler: async ({ scoped }) => unitWithSettings(deps, scoped.unit) }),
    defineRoute(reads.updateUnit, {
      access: 'units.operate',
      scope: UNIT,
      handler: async ({ body, scoped }) => unitWithSettings(deps, await updateIdentity(deps, scoped.unit, body)),
    }),
    defineRoute(reads.renameUnit, {
      access: 'units.operate',
      scope: visibleUnitScope('body.uid'),
      handler: async ({ body, scoped }) => unitView(deps, await renameUnit(deps, scoped.unit, body.name)),
    }),
    defineRoute(reads.unitPreview, {
      access: 'units.read',
      scope: UNIT,
      handler: async ({ scoped, reply }) => {
        const view = unitView(deps, scoped.unit);
        void reply.header('Cache-Control', 'no-store');
        return renderTestCard({ name: view.name, status: view.status, now: deps.now() });
      },
    }),
  ];
}

function adminRoutes(deps: RouteDeps): RouteDefinition[] {
  return [
    defineRoute(admin.createUnit, { access: 'units.admin', scope: TENANT, handler: ({ body, tenancy }) => unitAdmin.createUnit(deps, tenancy, body) }),
    defineRoute(admin.getAdminUnit, { access: 'units.manage', scope: UNIT, handler: async ({ scoped }) => unitWithSettings(deps, scoped.unit) }),
    defineRoute(admin.updateAdminUnit, { access: 'units.admin', scope: UNIT, handler: ({ body, scoped }) => unitAdmin.updateAdminUnit(deps, scoped.unit, body) }),
    defineRoute(admin.deleteUnit, { access: 'units.admin', scope: UNIT, handler: ({ scoped }) => unitAdmin.deleteUnit(deps, scoped.unit) }),
    defineRoute(admin.adminUnitSipAccount, { access: 'units.manage', scope: UNIT, handler: ({ scoped }) => unitAdmin.sipAccountOf(deps, scoped.unit) }),
    defineRoute(admin.unitSipAccount, { access: 'units.read', scope: UNIT, handler: ({ scoped }) => unitAdmin.sipAccountOf(deps, scoped.unit) }),
    defineRoute(admin.getSmartUnit, { access: 'units.manage', scope: UNIT, handler: async ({ scoped }) => unitAdmin.smartOf(scoped.unit) }),
    defineRoute(admin.updateSmartUnit, { access: 'units.admin', scope: UNIT, handler: ({ body, scoped }) => unitAdmin.updateSmart(deps, scoped.unit, body) }),
    defineRoute(admin.adminUnitServices, { access: 'units.manage', scope: UNIT, handler: async ({ scoped }) => ({ uid: scoped.unit.uid, services: stored.servicesOf(scoped.unit) }) }),
    defineRoute(admin.setTargetVersion, { access: 'units.admin', scope: UNIT, handler: ({ params, scoped }) => unitAdmin.setTargetVersion(deps, scoped.unit, params.v) }),
    defineRoute(admin.listApplications, { access: 'units.manage', scope: TENANT, handler: () => deps.store.clientApplications.list() }),
    defineRoute(admin.deregisterUnit, { access: 'units.admin', scope: UNIT, handler: ({ scoped }) => unitAdmin.deregisterUnit(deps, scoped.unit) }),
  ];
}

function linkRoutes(deps: RouteDeps): RouteDefinition[] {
  const INVENTORY = ownInventory('params.inv');
  return [
    defineRoute(admin.linkUnitToInventory, {
      access: 'units.admin',
      scope: INVENTORY,
      handler: async ({ params, tenancy, scoped }) => links.linkToInventory(deps, scoped.inventory, await visibleUnit(deps, tenancy, params.id)),
    }),
    defineRoute(admin.unlinkUnitFromInventory, {
      access: 'units.admin',
      scope: INVENTORY,
      handler: async ({ params, tenancy, scoped }) => links.unlinkFromInventory(deps, scoped.inventory, await visibleUnit(deps, tenancy, params.id)),
    }),
    defineRoute(admin.unitInventories, { access: 'units.manage', scope: UNIT, handler: ({ query, scoped }) => links.inventoriesOfUnit(deps, scoped.unit, query) }),
    defineRoute(admin.adminUnitGroups, { access: 'units.manage', scope: UNIT, handler: ({ query, scoped }) => links.groupsOfUnit(deps, scoped.unit, query) }),
    defineRoute(admin.unitGroupsOfInventories, { access: 'units.manage', scope: UNIT, handler: ({ auth, scoped }) => links.linkableGroups(deps, auth.user.id, scoped.unit) }),
    defineRoute(admin.linkUnitToGroup, {
      access: 'units.admin',
      scope: PATH_GROUP,
      handler: async ({ params, tenancy, scoped }) => links.linkToGroup(deps, scoped.groupId, await visibleUnit(deps, tenancy, params.id)),
    }),
    defineRoute(admin.unlinkUnitFromGroup, {
      access: 'units.admin',
      scope: PATH_GROUP,
      handler: async ({ params, tenancy, scoped }) => links.unlinkFromGroup(deps, scoped.groupId, await visibleUnit(deps, tenancy, params.id)),
    }),
    defineRoute(admin.removeAdhocUnit, {
      access: 'units.operate',
      scope: PATH_GROUP,
      handler: async ({ params, tenancy, scoped }) => links.removeAdhocUnit(deps, scoped.groupId, await visibleUnit(deps, tenancy, params.id)),
    }),
  ];
}

function settingsRoutes(deps: RouteDeps): RouteDefinition[] {
  return [
    defineRoute(settings.inventoryUnitDetails, { access: 'units.read', scope: QUERY_GROUP, handler: ({ scoped }) => stored.groupInventoryDetails(deps, scoped.groupId) }),
    defineRoute(settings.updateInventoryUnitDetails, {
      access: 'units.admin',
      scope: QUERY_GROUP,
      handler: async ({ body, tenancy, scoped }) => {
        const { uid, ...changes } = body;
        return stored.setInventoryDetails(deps, scoped.groupId, await visibleUnit(deps, tenancy, uid), changes);
      },
    }),
    defineRoute(settings.unitServices, { access: 'units.read', scope: UNIT, handler: async ({ scoped }) => ({ uid: scoped.unit.uid, services: stored.servicesOf(scoped.unit) }) }),
    defineRoute(settings.addUnitService, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => stored.addService(deps, scoped.unit, body.name) }),
    defineRoute(settings.removeUnitService, { access: 'units.operate', scope: UNIT, handler: ({ params, scoped }) => stored.removeService(deps, scoped.unit, params.svc) }),
    defineRoute(settings.fetchSettingsConfiguration, { access: 'units.read', scope: visibleUnitScope('query.machineUid'), handler: async ({ scoped }) => stored.settingsConfigurationOf(scoped.unit) }),
    defineRoute(settings.addSettingsConfiguration, {
      access: 'units.operate',
      scope: visibleUnitScope('body.machineUid'),
      handler: ({ body, scoped }) => {
        const { machineUid: _uid, ...configuration } = body;
        return stored.saveSettingsConfiguration(deps, scoped.unit, configuration);
      },
    }),
    defineRoute(settings.groupUnitSettings, { access: 'units.read', scope: QUERY_GROUP, handler: ({ scoped }) => stored.groupSettings(deps, scoped.groupId) }),
    defineRoute(settings.unitAlertsConfiguration, { access: 'units.read', scope: UNIT, handler: async ({ scoped }) => stored.alertsConfigurationOf(scoped.unit) }),
    defineRoute(settings.updateUnitAlertsConfiguration, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => stored.saveAlertsConfiguration(deps, scoped.unit, body) }),
    defineRoute(settings.unitPossibleAlerts, {
      access: 'units.read',
      scope: UNIT,
      handler: async ({ query, tenancy, scoped }) => {
        if (query.groupId !== undefined && !tenancy.groupIds.has(query.groupId)) throw notFound(`Group '${query.groupId.slice(0, 64)}' not found`);
        return stored.possibleAlerts(scoped.unit, query.mode);
      },
    }),
    defineRoute(settings.unpairUnit, { access: 'units.operate', scope: UNIT, handler: ({ scoped }) => stored.unpair(deps, scoped.unit) }),
    defineRoute(settings.getPairingCode, { access: 'units.read', scope: UNIT, handler: async ({ scoped }) => stored.pairingAnswer(scoped.unit) }),
    defineRoute(settings.setPairingCodeMode, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => stored.setPairingMode(deps, scoped.unit, body.mode) }),
    defineRoute(settings.newPairingCode, { access: 'units.operate', scope: UNIT, handler: ({ body, scoped }) => stored.generatePairingCode(deps, scoped.unit, body.mode) }),
  ];
}
