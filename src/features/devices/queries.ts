/**
 * The Devices screen's calls (issue 12), each through `call(endpoint)`, and their query keys. A write
 * invalidates the device lists and the server's reads it changed.
 */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import * as api from '../../protocol/rest/servers.ts';
import * as devices from '../../protocol/rest/devices.ts';
import { listInventoryUnits } from '../../protocol/rest/units.ts';
import { createUnit, deleteUnit, updateAdminUnit, type AdminUnitChanges, type NewUnit } from '../../protocol/rest/unitAdmin.ts';
import { MAX_PAGE_LIMIT } from '../../protocol/rest/common.ts';

export const deviceKeys = {
  all: ['devices'] as const,
  servers: (inventoryId: string) => ['devices', 'servers', inventoryId] as const,
  units: (inventoryId: string) => ['devices', 'units', inventoryId] as const,
  server: (id: string, part: string) => ['devices', 'server', id, part] as const,
  luLink: (uid: string) => ['devices', 'lulink', uid] as const,
  ifbServers: ['devices', 'ifbServers'] as const,
};

/** The servers' list refreshes on its own this often (ms): the live stream covers the servers of the current group; this the rest. */
export const SERVER_LIST_REFRESH_MS = 10_000;

export const fetchServer = (id: string, signal: AbortSignal) => call(api.getServer, { params: { id } }, { signal });
export const fetchServers = (inventoryId: string, signal: AbortSignal) => call(api.inventoryServers, { params: { id: inventoryId }, query: { limit: MAX_PAGE_LIMIT } }, { signal });
export const fetchUnits = (inventoryId: string, signal: AbortSignal) => call(listInventoryUnits, { params: { inv: inventoryId }, query: { limit: MAX_PAGE_LIMIT } }, { signal });

export const saveServer = (id: string, body: api.ServerChanges) => call(api.updateServer, { params: { id }, body });
export const removeServer = (id: string) => call(api.deleteServer, { params: { id } });
export const restartServer = (id: string) => call(api.resetInstance, { params: { id } });
export const fetchCapabilities = (id: string, signal: AbortSignal) => call(api.serverCapabilities, { params: { id } }, { signal });
export const fetchSpecifications = (id: string, signal: AbortSignal) => call(api.serverSpecifications, { params: { id } }, { signal });
export const fetchServices = (id: string, signal: AbortSignal) => call(api.serverServices, { params: { id } }, { signal });
export const fetchIps = (id: string, signal: AbortSignal) => call(api.serverIps, { params: { id } }, { signal });
export const fetchSmpte = (id: string, signal: AbortSignal) => call(api.getServerSmpte, { params: { id } }, { signal });
export const saveSmpte = (id: string, body: typeof api.ServerSmpte.Type) => call(api.setServerSmpte, { params: { id }, body });
export const fetchIpPipe = (id: string, signal: AbortSignal) => call(api.getIpPipe, { params: { id } }, { signal });
export const saveIpPipe = (id: string, body: typeof api.IpPipe.Type, exists: boolean) =>
  exists ? call(api.updateIpPipe, { params: { id }, body }) : call(api.createIpPipe, { params: { id }, body });
export const fetchMmhConfiguration = (id: string, signal: AbortSignal) => call(api.getMmhConfiguration, { params: { id } }, { signal });
export const saveMmhConfiguration = (id: string, body: typeof api.MmhConfiguration.Type) => call(api.setMmhConfiguration, { params: { id }, body });
export const fetchVrConfiguration = (id: string, signal: AbortSignal) => call(api.getVrConfiguration, { params: { id } }, { signal });
export const saveVrConfiguration = (id: string, body: typeof api.VrConfiguration.Type) => call(api.setVrConfiguration, { params: { id }, body });
export const fetchIngestChannels = (id: string, signal: AbortSignal) => call(api.ingestServerChannels, { params: { id } }, { signal });

export const addCamera = (body: NewUnit) => call(createUnit, { body });
export const saveUnit = (id: string, body: AdminUnitChanges) => call(updateAdminUnit, { params: { id }, body });
export const removeUnit = (id: string) => call(deleteUnit, { params: { id } });
export const fetchLuLink = (uid: string, signal: AbortSignal) => call(devices.getLuLink, { params: { id: uid } }, { signal });
export const saveLuLink = (uid: string, body: devices.LuLinkSettings) => call(devices.setLuLink, { params: { id: uid }, body });

export const fetchIfbServers = (signal: AbortSignal) => call(api.listIfbServers, {}, { signal });
export const saveIfbServer = (id: string, body: api.IfbServerChanges) => call(api.updateIfbServer, { params: { id }, body });

export const invalidateDevices = (client: QueryClient) => client.invalidateQueries({ queryKey: deviceKeys.all });
