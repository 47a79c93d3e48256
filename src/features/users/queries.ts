/**
 * The users screen's calls, each through `call(endpoint)` (src/api/call.ts): the answer is decoded
 * with the endpoint's Schema, a refusal carries its field messages. Query keys live here so that a
 * write invalidates exactly the lists it changes.
 */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { PageRequest, Ref } from '../../protocol/rest/common.ts';
import * as users from '../../protocol/rest/users.ts';
import type { NewUser, UserChanges, UserRow, UserSearchKey, UserSortKey } from '../../protocol/rest/users.ts';
import { listInventories } from '../../protocol/rest/inventories.ts';

/** One page of the inventory picker's options. */
const PICKER_PAGE = 50;

export const userKeys = {
  all: ['users'] as const,
  /** A listing, over every inventory of the caller or one of them. */
  list: (inventoryId: string | null) => ['users', 'list', inventoryId ?? 'all'] as const,
  inventoryOptions: ['users', 'options', 'inventories'] as const,
};

export const fetchUserPage = (request: PageRequest<UserSearchKey, UserSortKey>, signal: AbortSignal, inventoryId: string | null = null) =>
  call(users.listUsers, { query: { ...request, ...(inventoryId !== null ? { inventoryId } : {}) } }, { signal });

export const createUser = (body: NewUser): Promise<UserRow> => call(users.createUser, { body });

export const updateUser = (id: string, body: UserChanges): Promise<UserRow> => call(users.updateUser, { params: { id }, body });

export const setUserActive = (id: string, active: boolean): Promise<UserRow> => call(active ? users.activateUser : users.deactivateUser, { params: { id } });

export const deleteUser = (id: string) => call(users.deleteUser, { params: { id } });

/** After a write: every listing of users is stale (and the groups' user counts). */
export async function invalidateUsers(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.all }), queryClient.invalidateQueries({ queryKey: ['groups'] })]);
}

/** Inventories the caller administers, by name (the inventory picker). */
export async function searchInventories(text: string, signal: AbortSignal): Promise<Ref[]> {
  const page = await call(listInventories, { query: { limit: PICKER_PAGE, ...(text !== '' ? { searchValue: text } : {}) } }, { signal });
  return page.items.map((inventory) => ({ id: inventory.id, name: inventory.name }));
}
