/** The Software Versions screen's calls (src/protocol/rest/softwareVersions.ts) and query keys. */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { PageRequest, Ref } from '../../protocol/rest/common.ts';
import * as api from '../../protocol/rest/softwareVersions.ts';
import type { SoftwareVersionChanges, SoftwareVersionFields, SoftwareVersionRow, SwVersionSearchKey, SwVersionSortKey } from '../../protocol/rest/softwareVersions.ts';
import { listInventories } from '../../protocol/rest/inventories.ts';

type UnitKey = (typeof api.UNIT_VERSION_SEARCH_KEYS)[number];

export const softwareVersionKeys = {
  all: ['softwareVersions'] as const,
  list: ['softwareVersions', 'list'] as const,
  units: ['softwareVersions', 'units'] as const,
  inventories: ['softwareVersions', 'inventories'] as const,
};

export const fetchVersionPage = (request: PageRequest<SwVersionSearchKey, SwVersionSortKey>, signal: AbortSignal) => call(api.listSoftwareVersions, { query: request }, { signal });
export const fetchUnitVersionPage = (request: PageRequest<UnitKey, UnitKey>, signal: AbortSignal) => call(api.listUnitVersions, { query: request }, { signal });
export const createVersion = (body: SoftwareVersionFields): Promise<SoftwareVersionRow> => call(api.createSoftwareVersion, { body });
export const updateVersion = (id: string, body: SoftwareVersionChanges): Promise<SoftwareVersionRow> => call(api.updateSoftwareVersion, { params: { id }, body });
export const deleteVersion = (id: string) => call(api.deleteSoftwareVersion, { params: { id } });

export function invalidateVersions(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: softwareVersionKeys.all });
}

/** Inventories the user may offer a version to, by name. */
export async function searchInventories(text: string, signal: AbortSignal): Promise<Ref[]> {
  const page = await call(listInventories, { query: { limit: 50, ...(text !== '' ? { searchValue: text } : {}) } }, { signal });
  return page.items.map((inventory) => ({ id: inventory.id, name: inventory.name }));
}
