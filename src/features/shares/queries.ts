/**
 * The My Publishers / My Subscribers screens' calls, each through `call(endpoint)`: the answer is
 * decoded with the endpoint's Schema, a refusal carries its field messages. Query keys live here so
 * that a write invalidates the lists, the folders (their counts) and the unit sharing modal.
 */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { ShareKind } from '../../domain/shares.ts';
import type { PageRequest, Ref } from '../../protocol/rest/common.ts';
import { listInventoryGroups } from '../../protocol/rest/groups.ts';
import * as shares from '../../protocol/rest/shares.ts';
import type { NewShareParty, ShareFolder, SharePartyChanges, SharePartyRow, ShareSearchKey, ShareSortKey } from '../../protocol/rest/shares.ts';

const CALLS = { publishers: shares.publisherCalls, subscribers: shares.subscriberCalls } as const;

export const shareKeys = {
  all: ['shares'] as const,
  list: (kind: ShareKind, inventoryId: string, folderId: string | null) => ['shares', kind, 'list', inventoryId, folderId] as const,
  folders: (kind: ShareKind, inventoryId: string) => ['shares', kind, 'folders', inventoryId] as const,
  groups: (inventoryId: string) => ['shares', 'groups', inventoryId] as const,
};

export function fetchPartyPage(kind: ShareKind, inventoryId: string, folderId: string | null) {
  return (request: PageRequest<ShareSearchKey, ShareSortKey>, signal: AbortSignal) =>
    call(CALLS[kind].page, { query: { ...request, inventoryId, ...(folderId !== null ? { folderId } : {}) } }, { signal });
}

export const createParty = (kind: ShareKind, inv: string, body: NewShareParty): Promise<SharePartyRow> => call(CALLS[kind].create, { params: { inv }, body });
export const updateParty = (kind: ShareKind, inv: string, id: string, body: SharePartyChanges): Promise<SharePartyRow> => call(CALLS[kind].update, { params: { inv, id }, body });
export const deleteParty = (kind: ShareKind, inv: string, id: string) => call(CALLS[kind].remove, { params: { inv, id } });

export const fetchFolders = (kind: ShareKind, inv: string, signal: AbortSignal): Promise<readonly ShareFolder[]> =>
  call(shares.listShareFolders, { params: { inv }, query: { kind } }, { signal }).then((answer) => answer.folders);
export const createFolder = (kind: ShareKind, inv: string, name: string, parentId: string | null) =>
  call(shares.createShareFolder, { params: { inv }, body: { kind, name, ...(parentId !== null ? { parentId } : {}) } });
export const renameFolder = (inv: string, id: string, name: string) => call(shares.renameShareFolder, { params: { inv, id }, body: { name } });
export const deleteFolder = (inv: string, id: string) => call(shares.deleteShareFolder, { params: { inv, id } });

/** The groups of an inventory a party may name (at most 500: a picker, not a listing). */
export async function fetchInventoryGroups(inventoryId: string, signal: AbortSignal): Promise<Ref[]> {
  const page = await call(listInventoryGroups, { params: { id: inventoryId }, query: { limit: 500 } }, { signal });
  return page.items.map((g) => ({ id: g.id, name: g.name }));
}

/** After a write: the area's lists and folders, and every unit's sharing options (the modal lists subscribers). */
export async function invalidateShares(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: shareKeys.all }),
    queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'session' && query.queryKey[1] === 'unit' && query.queryKey[3] === 'sharing' }),
  ]);
}
