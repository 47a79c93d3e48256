/**
 * Unit reads of spec 000 §7 "Units": the listings with search/sort/paging (run in the database,
 * so a 50,000-unit fleet pages without loading every row), the group's REST snapshot of
 * protocol.md, and one unit's status, location, modems, coordinates and target version.
 */
import { DEFAULT_SEARCH_KEY, UNIT_SEARCH_PAGE_SIZE } from '../../../domain/constants.ts';
import type { SortDirection } from '../../../protocol/rest/common.ts';
import { UNIT_LIST_KEYS, type DeviceSnapshot, type UnitListKey, type UnitListQuery, type UnitPage } from '../../../protocol/rest/units.ts';
import type { StoredUnit } from './repo.ts';
import type { UnitDeps } from './live.ts';
import { liveStatusOf, revOf, unitView } from './views.ts';
import { settingText } from './storedSettings.ts';

/** sortBy/sortDir win over `sort` ("name", "name,desc", "-name"); default: the search key, ascending. */
export function sortOf(query: UnitListQuery, searchKey: UnitListKey): { sortBy: UnitListKey; sortDir: SortDirection } {
  let sortBy = query.sortBy;
  let sortDir = query.sortDir;
  if (query.sort !== undefined && query.sort !== '') {
    const [rawField = '', rawDir] = query.sort.split(',');
    const descending = rawField.startsWith('-');
    const field = rawField.replace(/^[-+]/, '');
    if (sortBy === undefined) sortBy = UNIT_LIST_KEYS.find((key) => key === field);
    if (sortDir === undefined) sortDir = rawDir === 'desc' || descending ? 'desc' : 'asc';
  }
  return { sortBy: sortBy ?? searchKey, sortDir: sortDir ?? 'asc' };
}

/**
 * One page of the units of `groupIds` (or, with `inventoryId`, of that inventory's units in those
 * groups or in no group): limit default 50, search key default name.
 */
export async function unitPage(deps: UnitDeps, groupIds: readonly string[] | 'all', query: UnitListQuery, inventoryId?: string): Promise<UnitPage> {
  const limit = query.limit ?? UNIT_SEARCH_PAGE_SIZE;
  const offset = query.offset ?? 0;
  const searchKey = query.searchKey ?? DEFAULT_SEARCH_KEY;
  const result = await deps.store.units.list({
    groupIds,
    ...(inventoryId !== undefined ? { inventoryId } : {}),
    searchKey,
    ...(query.searchValue !== undefined ? { searchValue: query.searchValue } : {}),
    ...sortOf(query, searchKey),
    limit,
    offset,
  });
  return { total: result.total, limit, offset, units: result.units.map((u) => unitView(deps, u)) };
}

/**
 * The REST snapshot of a group (protocol.md): the watermark is the bus seq read BEFORE the state,
 * so an event published meanwhile is above it and the client applies it.
 */
export async function groupSnapshot(deps: UnitDeps, groupId: string): Promise<DeviceSnapshot> {
  const runtime = deps.fleet.get();
  const watermark = runtime?.bus.lastSeq() ?? 0;
  const stored = (await deps.store.units.listByGroup(groupId, Number.MAX_SAFE_INTEGER, 0)).units;
  const units = stored.map((u) => {
    const live = runtime?.fleet.snapshot(u.uid);
    const unit = live ?? { uid: u.uid, name: u.name, type: u.type, status: { state: 'offline', applications: {} }, lat: u.lat, lng: u.lng };
    // Spread copies: the simulator's payload types are interfaces, the contract's unit is open.
    return { rev: runtime?.bus.revOf(u.uid) ?? 0, unit: { ...unit, status: { ...unit.status }, name: u.name, comment: u.comment } };
  });
  // A group's channels share a few servers: each server's version is read once per answer.
  const serverVersions = new Map<string, string | undefined>();
  const channels: DeviceSnapshot['channels'][number][] = [];
  for (const c of await deps.store.channels.listByGroup(groupId)) {
    const status = runtime?.fleet.channelStatus(c.id);
    if (c.serverId !== null && !serverVersions.has(c.serverId)) serverVersions.set(c.serverId, (await deps.store.servers.get(c.serverId))?.swVersion);
    const version = c.serverId === null ? undefined : serverVersions.get(c.serverId);
    channels.push({
      id: c.id,
      rev: runtime?.bus.revOf(c.id) ?? 0,
      name: c.name,
      ...(version ? { version } : {}),
      ...(status !== undefined ? { status: { ...status } } : {}),
    });
  }
  return { watermark, units, channels, servers: [] };
}

export function unitStatusOf(deps: UnitDeps, uid: string) {
  return { uid, ...liveStatusOf(deps.fleet.get()?.fleet.unit(uid)), rev: revOf(deps, uid) };
}

export function locationOf(unit: StoredUnit) {
  const address = settingText(unit, 'address');
  return { uid: unit.uid, lat: unit.lat, lng: unit.lng, ...(address !== undefined ? { address } : {}) };
}

export function modemsOf(deps: UnitDeps, uid: string) {
  const live = deps.fleet.get()?.fleet.unit(uid);
  return { uid, modems: live === undefined ? [] : live.links.map((l) => ({ ...l })) };
}

export function targetVersionOf(deps: UnitDeps, unit: StoredUnit) {
  const live = deps.fleet.get()?.fleet.unit(unit.uid);
  return {
    uid: unit.uid,
    swVersion: live?.swVersion ?? unit.swVersion,
    targetVersion: settingText(unit, 'targetSwVersion') ?? null,
    lastUpgrade: live?.lastUpgrade ?? null,
  };
}
