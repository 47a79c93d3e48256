/**
 * The calls of System Entities' list tabs, each an existing admin listing of its area (units,
 * admin channels, admin vrChannels) or System Entities' own server list, as a kit page fetcher.
 */
import { call } from '../../api/call.ts';
import type { PageRequest } from '../../protocol/rest/common.ts';
import { listUnits, type UnitListKey } from '../../protocol/rest/units.ts';
import { listChannels, type ChannelSearchKey, type ChannelSortKey } from '../../protocol/rest/channels.ts';
import { listVrChannels, type VrSearchKey, type VrSortKey } from '../../protocol/rest/videoReturn.ts';
import { listSystemServers, type SystemServerSearchKey, type SystemServerSortKey } from '../../protocol/rest/systemEntities.ts';
import type { ServerAdminQuery } from '../../domain/servers.ts';

export const systemEntityKeys = {
  units: (fixedType: string | null) => ['systemEntities', 'units', fixedType] as const,
  servers: (type: ServerAdminQuery) => ['systemEntities', 'servers', type] as const,
  channels: ['systemEntities', 'channels'] as const,
  vrChannels: ['systemEntities', 'vrChannels'] as const,
};

/** Units by page; with `fixedType`, only units of that type (the DataBridge gateways tab), searched by it. */
export const unitPageFetcher = (fixedType: string | null) => async (request: PageRequest<UnitListKey>, signal: AbortSignal) => {
  const search = fixedType === null ? { searchKey: request.searchKey, searchValue: request.searchValue } : { searchKey: 'type' as const, searchValue: fixedType };
  const page = await call(listUnits, { query: { limit: request.limit, offset: request.offset, sortBy: request.sortBy, sortDir: request.sortDir, ...search } }, { signal });
  return { total: page.total, limit: page.limit, offset: page.offset, items: page.units };
};

export const serverPageFetcher = (type: ServerAdminQuery) => (request: PageRequest<SystemServerSearchKey, SystemServerSortKey>, signal: AbortSignal) =>
  call(listSystemServers, { query: { type, ...request } }, { signal });

export const fetchChannelPage = (request: PageRequest<ChannelSearchKey, ChannelSortKey>, signal: AbortSignal) => call(listChannels, { query: request }, { signal });

export const fetchVrChannelPage = (request: PageRequest<VrSearchKey, VrSortKey>, signal: AbortSignal) => call(listVrChannels, { query: request }, { signal });
