/**
 * The groups screen's calls, each through `call(endpoint)` (src/api/call.ts): the answer is decoded
 * with the endpoint's Schema, a refusal carries its field messages. Query keys live here so that a
 * write invalidates exactly the lists it changes.
 */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { PageRequest } from '../../protocol/rest/common.ts';
import * as groups from '../../protocol/rest/groups.ts';
import type { GroupChanges, GroupRow, GroupSearchKey, GroupSortKey, NewGroup } from '../../protocol/rest/groups.ts';
import { listInventories } from '../../protocol/rest/inventories.ts';
import { listUsers } from '../../protocol/rest/users.ts';
import { inventoryChannels } from '../../protocol/rest/channels.ts';
import type { Ref } from '../../protocol/rest/common.ts';

/** One page of a picker's options. */
const PICKER_PAGE = 50;

export const groupKeys = {
  all: ['groups'] as const,
  list: ['groups', 'list'] as const,
  members: (id: string, kind: 'units' | 'channels' | 'users') => ['groups', 'members', id, kind] as const,
  options: (kind: string, inventoryId: string) => ['groups', 'options', kind, inventoryId] as const,
  defaults: (id: string) => ['groups', 'defaults', id] as const,
  alerts: (id: string) => ['groups', 'alerts', id] as const,
};

export const fetchGroupPage = (request: PageRequest<GroupSearchKey, GroupSortKey>, signal: AbortSignal) => call(groups.listGroups, { query: request }, { signal });

export const createGroup = (body: NewGroup): Promise<GroupRow> => call(groups.createGroup, { body });

export const updateGroup = (id: string, body: GroupChanges): Promise<GroupRow> => call(groups.updateGroup, { params: { id }, body });

export const deleteGroup = (id: string) => call(groups.deleteGroup, { params: { id } });

/** After a write: every list and member list of the area is stale. */
export function invalidateGroups(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: groupKeys.all });
}

/** Inventories the user may put a group in, by name. */
export async function searchInventories(text: string, signal: AbortSignal): Promise<Ref[]> {
  const page = await call(listInventories, { query: { limit: PICKER_PAGE, ...(text !== '' ? { searchValue: text } : {}) } }, { signal });
  return page.items.map((inventory) => ({ id: inventory.id, name: inventory.name }));
}

/** Users of the group's inventory, by username. */
export async function searchInventoryUsers(inventoryId: string, text: string, signal: AbortSignal): Promise<Ref[]> {
  const page = await call(listUsers, { query: { inventoryId, limit: PICKER_PAGE, searchKey: 'username', sortBy: 'username', ...(text !== '' ? { searchValue: text } : {}) } }, { signal });
  return page.items.map((user) => ({ id: user.id, name: user.username }));
}

/** Channels of the group's inventory, by name. */
export async function searchInventoryChannels(inventoryId: string, text: string, signal: AbortSignal): Promise<Ref[]> {
  const page = await call(inventoryChannels, { params: { id: inventoryId }, query: { limit: PICKER_PAGE, ...(text !== '' ? { searchValue: text } : {}) } }, { signal });
  return page.items.map((channel) => ({ id: channel.id, name: channel.name }));
}

/** Every member of a kind (association lists are short: users and channels of one group). */
export async function groupMembers(id: string, kind: 'channels' | 'users', signal: AbortSignal): Promise<Ref[]> {
  if (kind === 'users') {
    const page = await call(groups.groupUsers, { params: { id }, query: { limit: 500 } }, { signal });
    return page.items.map((user) => ({ id: user.id, name: user.username }));
  }
  const page = await call(groups.groupChannels, { params: { id }, query: { limit: 500 } }, { signal });
  return page.items.map((channel) => ({ id: channel.id, name: channel.name }));
}

/** Links or unlinks one member; answers the group with its new counts. */
export function setMember(gid: string, kind: 'channels' | 'users', memberId: string, linked: boolean): Promise<{ group: GroupRow }> {
  if (kind === 'users') return call(linked ? groups.linkGroupUser : groups.unlinkGroupUser, { params: { gid, uid: memberId } });
  return call(linked ? groups.linkGroupChannel : groups.unlinkGroupChannel, { params: { gid, cid: memberId } });
}

export const groupUnitsPage = (id: string, offset: number, limit: number, signal: AbortSignal) => call(groups.groupUnits, { params: { id }, query: { offset, limit } }, { signal });
