/** The usage profiles screen's calls (src/protocol/rest/usageProfiles.ts) and query keys. */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { PageRequest } from '../../protocol/rest/common.ts';
import * as api from '../../protocol/rest/usageProfiles.ts';
import type { NewUsageProfile, UsageProfileChanges, UsageProfileRow, UsageProfileSearchKey, UsageProfileSortKey } from '../../protocol/rest/usageProfiles.ts';

export const usageProfileKeys = {
  all: ['usageProfiles'] as const,
  list: ['usageProfiles', 'list'] as const,
  options: (inventoryId: string) => ['usageProfiles', 'options', inventoryId] as const,
};

export const fetchUsageProfilePage = (request: PageRequest<UsageProfileSearchKey, UsageProfileSortKey>, signal: AbortSignal) => call(api.listUsageProfiles, { query: request }, { signal });

/** The profiles a unit of the inventory may take: the defaults and the inventory's own. */
export async function fetchProfileOptions(inventoryId: string, signal: AbortSignal): Promise<UsageProfileRow[]> {
  return [...(await call(api.listUsageProfiles, { query: { inventoryId, limit: 500 } }, { signal })).items];
}

export const createUsageProfile = (body: NewUsageProfile): Promise<UsageProfileRow> => call(api.createUsageProfile, { body });
export const updateUsageProfile = (id: string, body: UsageProfileChanges): Promise<UsageProfileRow> => call(api.updateUsageProfile, { params: { id }, body });
export const deleteUsageProfile = (id: string) => call(api.deleteUsageProfile, { params: { id } });
export const setUnitProfile = (uid: string, profileId: string | null) => call(api.setUnitUsageProfile, { params: { id: uid }, body: { profileId } });

export function invalidateUsageProfiles(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: usageProfileKeys.all });
}
