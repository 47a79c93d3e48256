/**
 * Unit reads of spec 000 §7 "Units": status, the group's units with live status (the REST snapshot
 * of protocol.md), admin listings with search/sort/paging, one unit, location, modems, coordinates,
 * capabilities, enhanced data and the target version.
 */
import type { FastifyRequest } from 'fastify';
import { UNIT_SEARCH_PAGE_SIZE, DEFAULT_SEARCH_KEY } from '../../domain/constants.ts';
import { deriveUnitStatus, isBusy, isOfflineState } from '../../domain/units/status.ts';
import { isCamera, isExtenderDevice, isMultiCamera, isSingleEthernet, isUpgradable, unitTypeGroup } from '../../domain/units/productTypes.ts';
import { hasFeature, VERSION_GATES, type VersionGate } from '../../domain/versions.ts';
import { notFound } from '../http/errors.ts';
import { authOf } from '../http/requestAuth.ts';
import type { RouteArea, RouteDeps } from './area.ts';
import {
  ID,
  idOf,
  inventoriesOf,
  objectSchema,
  UNIT_VIEW_SCHEMA,
  unitRoute,
  unitView,
  visibleUnit,
} from './unitKit.ts';
import { SORT_DIRECTIONS, UNIT_LIST_FIELD_NAMES, type SortDirection, type UnitListField } from '../areas/units/repo.ts';

/** Largest page a listing answers (our bound; the spec's page size is 50). */
export const MAX_PAGE_SIZE = 500;

const TAGS = ['units'] as const;

const LIST_QUERY = {
  limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: UNIT_SEARCH_PAGE_SIZE },
  offset: { type: 'integer', minimum: 0, default: 0 },
  searchKey: { type: 'string', enum: UNIT_LIST_FIELD_NAMES, default: DEFAULT_SEARCH_KEY },
  searchValue: { type: 'string', maxLength: 255 },
  sortBy: { type: 'string', enum: UNIT_LIST_FIELD_NAMES },
  sortDir: { type: 'string', enum: SORT_DIRECTIONS },
  sort: { type: 'string', maxLength: 64, description: '"field" or "field,asc|desc" (alternative to sortBy/sortDir)' },
} as const;

const LIST_RESPONSE = objectSchema(
  {
    total: { type: 'integer' },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
    units: { type: 'array', items: UNIT_VIEW_SCHEMA },
  },
  ['total', 'limit', 'offset', 'units'],
  true,
);

const STATUS_RESPONSE = objectSchema(
  {
    uid: { type: 'string' },
    status: { type: 'string' },
    state: { type: 'string' },
    isOffline: { type: 'boolean' },
    isBusy: { type: 'boolean' },
    applications: { type: 'object', additionalProperties: true },
    video: { type: 'object', additionalProperties: true },
    rev: { type: 'integer' },
  },
  ['uid', 'status', 'state', 'isOffline', 'isBusy'],
  true,
);

const SNAPSHOT_RESPONSE = objectSchema(
  {
    watermark: { type: 'integer', description: 'bus seq taken before the state was read: apply only events above it' },
    units: {
      type: 'array',
      items: objectSchema({ rev: { type: 'integer' }, unit: { type: 'object', additionalProperties: true } }, ['rev', 'unit'], true),
    },
    channels: {
      type: 'array',
      items: objectSchema(
        {
          id: { type: 'string' },
          rev: { type: 'integer' },
          name: { type: 'string' },
          version: { type: 'string', description: 'the channel server’s SW version, dotted' },
          status: { type: 'object', additionalProperties: true },
        },
        ['id', 'rev', 'name'],
        true,
      ),
    },
    servers: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
  ['watermark', 'units', 'channels', 'servers'],
  true,
);

interface ListQuery {
  limit: number;
  offset: number;
  searchKey: UnitListField;
  searchValue?: string;
  sortBy?: UnitListField;
  sortDir?: SortDirection;
  sort?: string;
}

/** sortBy/sortDir win over `sort` ("name", "name,desc", "-name"); default the search key, ascending. */
function sortOf(query: ListQuery): { sortBy: UnitListField; sortDir: SortDirection } {
  let sortBy = query.sortBy;
  let sortDir = query.sortDir;
  if (query.sort !== undefined && query.sort !== '') {
    const [rawField = '', rawDir] = query.sort.split(',');
    const descending = rawField.startsWith('-');
    const field = rawField.replace(/^[-+]/, '') as UnitListField;
    if (sortBy === undefined && (UNIT_LIST_FIELD_NAMES as string[]).includes(field)) sortBy = field;
    if (sortDir === undefined) sortDir = rawDir === 'desc' || descending ? 'desc' : 'asc';
  }
  return { sortBy: sortBy ?? query.searchKey, sortDir: sortDir ?? 'asc' };
}

async function listPage(deps: RouteDeps, request: FastifyRequest, inventoryId?: string) {
  const query = request.query as ListQuery;
  const groupIds = authOf(request).principal.groupIds;
  const result = await deps.store.units.list({
    groupIds,
    ...(inventoryId !== undefined ? { inventoryId } : {}),
    searchKey: query.searchKey,
    ...(query.searchValue !== undefined ? { searchValue: query.searchValue } : {}),
    ...sortOf(query),
    limit: query.limit,
    offset: query.offset,
  });
  return {
    total: result.total,
    limit: query.limit,
    offset: query.offset,
    units: result.units.map((u) => unitView(deps, { ...u, alertsConfiguration: {}, metadata: {} })),
  };
}

function statusOf(deps: RouteDeps, uid: string) {
  const runtime = deps.fleet.get();
  const live = runtime?.fleet.unit(uid);
  const raw = live === undefined ? undefined : { state: live.state, applications: live.applications };
  return {
    uid,
    status: deriveUnitStatus(raw),
    state: live?.state ?? 'offline',
    isOffline: live === undefined || isOfflineState(live.state),
    isBusy: live !== undefined && isBusy(live.applications),
    applications: live === undefined ? {} : structuredClone(live.applications),
    video: live === undefined ? { state: 'idle', onAir: false } : { ...live.video },
    rev: runtime?.bus.revOf(uid) ?? 0,
  };
}

/** Feature flags of a unit from its type (spec 000 §3) and version gates (spec 000 §9). */
function capabilitiesOf(type: string, version: string) {
  const gates = Object.fromEntries((Object.keys(VERSION_GATES) as VersionGate[]).map((gate) => [gate, hasFeature(version, gate)]));
  return {
    typeGroup: unitTypeGroup(type),
    multiCamera: isMultiCamera(type),
    singleEthernet: isSingleEthernet(type),
    upgradable: isUpgradable(type),
    camera: isCamera(type),
    extender: isExtenderDevice(type),
    versionGates: gates,
  };
}

export const unitsArea: RouteArea = (app, deps) => {
  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/admin/units/:id/status',
    summary: 'Live status of a unit (derived status, applications, video)',
    tags: TAGS,
    access: 'read',
    response: STATUS_RESPONSE,
    handler: async (request) => statusOf(deps, idOf(request)),
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/devices/fetch',
    summary: 'The current group’s units with their live status: the REST snapshot of protocol.md (watermark = bus seq before the read)',
    tags: TAGS,
    access: 'read',
    requiredQuery: ['crnt_vcg_uid'],
    response: SNAPSHOT_RESPONSE,
    handler: async (request) => {
      const groupId = String((request.query as Record<string, unknown>)['crnt_vcg_uid']);
      const runtime = deps.fleet.get();
      // Taken BEFORE the state is read: an event published meanwhile is above it and gets applied.
      const watermark = runtime?.bus.lastSeq() ?? 0;
      const stored = (await deps.store.units.listByGroup(groupId, Number.MAX_SAFE_INTEGER, 0)).units;
      const units = stored.map((u) => {
        const live = runtime?.fleet.snapshot(u.uid);
        const unit = live ?? { uid: u.uid, name: u.name, type: u.type, status: { state: 'offline', applications: {} }, lat: u.lat, lng: u.lng };
        return { rev: runtime?.bus.revOf(u.uid) ?? 0, unit: { ...unit, name: u.name, comment: u.comment } };
      });
      // A group's channels share a few servers: each server's version is read once per answer.
      const serverVersions = new Map<string, string | undefined>();
      const channels = [];
      for (const c of await deps.store.channels.listByGroup(groupId)) {
        const status = runtime?.fleet.channelStatus?.(c.id);
        if (c.serverId !== null && !serverVersions.has(c.serverId)) serverVersions.set(c.serverId, (await deps.store.servers.get(c.serverId))?.swVersion);
        const version = c.serverId === null ? undefined : serverVersions.get(c.serverId);
        channels.push({
          id: c.id,
          rev: runtime?.bus.revOf(c.id) ?? 0,
          name: c.name,
          ...(version ? { version } : {}),
          ...(status !== undefined ? { status } : {}),
        });
      }
      return { watermark, units, channels, servers: [] };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/admin/units',
    summary: 'Units of the caller’s groups: search (searchKey default name), sort and paging (limit default 50)',
    tags: ['units', 'admin'],
    access: 'manage',
    querystring: LIST_QUERY,
    response: LIST_RESPONSE,
    handler: async (request) => listPage(deps, request),
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/admin/inventories/:inv/units',
    summary: 'Units of an inventory: search, sort and paging (limit default 50)',
    tags: ['units', 'admin'],
    access: 'manage',
    querystring: LIST_QUERY,
    response: LIST_RESPONSE,
    handler: async (request) => {
      const inv = idOf(request, 'inv');
      if (!(await inventoriesOf(deps, request)).has(inv)) throw notFound(`Inventory '${inv.slice(0, 64)}' not found`);
      return listPage(deps, request, inv);
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/devices/fetch_by_id/:id',
    summary: 'One unit with its live status',
    tags: TAGS,
    access: 'read',
    response: UNIT_VIEW_SCHEMA,
    handler: async (request) => unitView(deps, await visibleUnit(deps, request, idOf(request))),
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/devices/:id/location',
    summary: 'Location of a unit',
    tags: TAGS,
    access: 'read',
    response: objectSchema({ uid: { type: 'string' }, lat: { type: ['number', 'null'] }, lng: { type: ['number', 'null'] }, address: { type: 'string' } }, ['uid', 'lat', 'lng'], true),
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const address = unit.settings['address'];
      return { uid: unit.uid, lat: unit.lat, lng: unit.lng, ...(typeof address === 'string' ? { address } : {}) };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/devices/:id/modems',
    summary: 'Links (modems, Ethernet, Wi-Fi) of a unit with their live bitrates (kbps)',
    tags: TAGS,
    access: 'read',
    response: objectSchema({ uid: { type: 'string' }, modems: { type: 'array', items: { type: 'object', additionalProperties: true } } }, ['uid', 'modems'], true),
    handler: async (request) => {
      const uid = idOf(request);
      const live = deps.fleet.get()?.fleet.unit(uid);
      return { uid, modems: live === undefined ? [] : live.links.map((l) => ({ ...l })) };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/devices/fetch_coords',
    summary: 'Coordinates of a unit',
    tags: TAGS,
    access: 'read',
    querystring: { uid: ID },
    requiredQuery: ['uid'],
    response: objectSchema({ uid: { type: 'string' }, lat: { type: ['number', 'null'] }, lng: { type: ['number', 'null'] } }, ['uid', 'lat', 'lng']),
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, String((request.query as Record<string, unknown>)['uid']));
      return { uid: unit.uid, lat: unit.lat, lng: unit.lng };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/units/:id/capabilities',
    summary: 'Capabilities of a unit: type group, multi-camera, single Ethernet, upgradable, version-gated features',
    tags: TAGS,
    access: 'read',
    response: objectSchema({ uid: { type: 'string' }, typeGroup: { type: ['string', 'null'] }, versionGates: { type: 'object', additionalProperties: { type: 'boolean' } } }, ['uid'], true),
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const version = deps.fleet.get()?.fleet.unit(unit.uid)?.swVersion ?? unit.swVersion;
      return { uid: unit.uid, ...capabilitiesOf(unit.type, version) };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/units/enhanced/:id',
    summary: 'A unit with everything: live status, links, alerts, settings, alert configuration, metadata, last upgrade',
    tags: TAGS,
    access: 'read',
    response: UNIT_VIEW_SCHEMA,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const live = deps.fleet.get()?.fleet.unit(unit.uid);
      return {
        ...unitView(deps, unit),
        settings: unit.settings,
        alertsConfiguration: unit.alertsConfiguration,
        metadata: unit.metadata,
        lastUpgrade: live?.lastUpgrade ?? null,
        onlineSince: live?.onlineSince ?? null,
        cameraConnected: live?.cameraConnected ?? null,
        capabilities: capabilitiesOf(unit.type, live?.swVersion ?? unit.swVersion),
      };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/devices/:id/targetversion',
    summary: 'Current and target software version of a unit',
    tags: TAGS,
    access: 'read',
    response: objectSchema({ uid: { type: 'string' }, swVersion: { type: 'string' }, targetVersion: { type: ['string', 'null'] }, lastUpgrade: { type: ['object', 'null'], additionalProperties: true } }, ['uid', 'swVersion', 'targetVersion'], true),
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const live = deps.fleet.get()?.fleet.unit(unit.uid);
      const target = unit.settings['targetSwVersion'];
      return {
        uid: unit.uid,
        swVersion: live?.swVersion ?? unit.swVersion,
        targetVersion: typeof target === 'string' ? target : null,
        lastUpgrade: live?.lastUpgrade ?? null,
      };
    },
  });
};

