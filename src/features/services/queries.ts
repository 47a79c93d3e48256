/**
 * The services screens' calls (src/protocol/rest/services.ts) and their query keys, plus the
 * inventories a user may pick in the services area's inventory filter.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { PageRequest, Ref } from '../../protocol/rest/common.ts';
import * as api from '../../protocol/rest/services.ts';
import type { ActivationSearchKey, ActivationSortKey } from '../../protocol/rest/services.ts';
import { listInventories } from '../../protocol/rest/inventories.ts';
import { fetchGroups } from '../../protocol/rest/groups.ts';
import { listUsers } from '../../protocol/rest/users.ts';
import { useMay } from '../../app/useMay.ts';
import type { ServiceName } from '../../domain/services.ts';

export const serviceKeys = {
  all: ['services'] as const,
  inventories: ['services', 'inventories'] as const,
  services: (inventoryId: string) => ['services', 'managed', inventoryId] as const,
  activation: (inventoryId: string) => ['services', 'activation', inventoryId] as const,
  grants: (inventoryId: string) => ['services', 'grants', inventoryId] as const,
  users: (inventoryId: string) => ['services', 'users', inventoryId] as const,
};

export const fetchInventoryServices = (inventoryId: string, signal: AbortSignal) => call(api.adminManagedServices, { query: { inventoryId } }, { signal });

export const startTrial = (inventoryId: string, serviceName: ServiceName) => call(api.startTrial, { body: { inventoryId, serviceName } });

export const fetchActivationPage = (inventoryId: string, request: PageRequest<ActivationSearchKey, ActivationSortKey>, signal: AbortSignal) =>
  call(api.activationUnits, { params: { id: inventoryId }, query: request }, { signal });

export const setActivation = (inventoryId: string, uid: string, serviceName: ServiceName, active: boolean) =>
  call(api.setUnitActivation, { params: { id: inventoryId, uid }, body: { serviceName, active } });

export const fetchGrants = (inventoryId: string, signal: AbortSignal) => call(api.activationGrants, { params: { id: inventoryId } }, { signal });

export const saveGrants = (inventoryId: string, userIds: readonly string[]) => call(api.setActivationGrants, { params: { id: inventoryId }, body: { userIds: [...userIds] } });

/** Users of one inventory (for the grant picker), by username. */
export async function inventoryUsers(inventoryId: string, signal: AbortSignal): Promise<Ref[]> {
  const page = await call(listUsers, { query: { inventoryId, limit: 500, searchKey: 'username', sortBy: 'username' } }, { signal });
  return page.items.map((user) => ({ id: user.id, name: user.username }));
}

export function invalidateServices(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: serviceKeys.all });
}

/**
 * The inventories the user may pick, by name: the admin set lists its inventories; others (a user
 * granted activation) know the inventories of their groups.
 */
export function useMyInventories() {
  const admin = useMay('inventories.read');
  return useQuery({
    queryKey: [...serviceKeys.inventories, admin],
    queryFn: async ({ signal }): Promise<Ref[]> => {
      if (admin) return (await call(listInventories, { query: { limit: 500, sortBy: 'name' } }, { signal })).items.map((inv) => ({ id: inv.id, name: inv.name }));
      const byId = new Map<string, string>();
      for (const group of await call(fetchGroups, {}, { signal })) byId.set(group.inventoryId, group.inventoryName);
      return [...byId.entries()].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}

/** The chosen inventory: the first one until the user picks another. */
export function useInventoryChoice(): { readonly inventories: readonly Ref[]; readonly inventoryId: string | null; readonly setInventoryId: (id: string | null) => void; readonly loading: boolean } {
  const inventories = useMyInventories();
  const [inventoryId, setInventoryId] = useState<string | null>(null);
  const first = inventories.data?.[0]?.id ?? null;
  useEffect(() => {
    if (inventoryId === null && first !== null) setInventoryId(first);
  }, [first, inventoryId]);
  return { inventories: inventories.data ?? [], inventoryId, setInventoryId, loading: inventories.isPending };
}
