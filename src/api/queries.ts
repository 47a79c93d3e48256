/**
 * TanStack Query bindings of the shell's REST calls: one query key and one options object per
 * resource, shared by the router's loaders (queryClient.ensureQueryData) and by components (hooks),
 * so a page never fetches what the guard already loaded.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserPreferences } from '../domain/preferences.ts';
import {
  fetchApplicationUrls,
  fetchClientConfiguration,
  fetchCurrentUser,
  fetchGroups,
  fetchNotifications,
  fetchPreferences,
  savePreferences,
} from './resources.ts';
import { queryKeys } from './queryKeys.ts';

export { queryKeys };

/** The user does not change within a session. */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => fetchCurrentUser({ signal }),
  staleTime: Infinity,
});

/** Refetched by the background poll (spec 002 §7), not on focus: the wall display never refocuses. */
export const clientConfigurationQuery = queryOptions({
  queryKey: queryKeys.configuration,
  queryFn: ({ signal }) => fetchClientConfiguration({ signal }),
  staleTime: Infinity,
});

export const applicationUrlsQuery = queryOptions({
  queryKey: queryKeys.applicationUrls,
  queryFn: ({ signal }) => fetchApplicationUrls({ signal }),
  staleTime: Infinity,
});

/** Loaded once per session; every save answers the merged set, which replaces the cached one. */
export const preferencesQuery = queryOptions({
  queryKey: queryKeys.preferences,
  queryFn: ({ signal }) => fetchPreferences({ signal }),
  staleTime: Infinity,
  retry: false, // spec 000 §2: preferences that fail to load send the user to /error, no silent retries
});

export const notificationsQuery = queryOptions({
  queryKey: queryKeys.notifications,
  queryFn: ({ signal }) => fetchNotifications({ signal }),
  staleTime: Infinity,
});

export const groupsQuery = queryOptions({
  queryKey: queryKeys.groups,
  queryFn: ({ signal }) => fetchGroups({ signal }),
  staleTime: Infinity,
});

export const useCurrentUser = () => useQuery(currentUserQuery);
export const useClientConfiguration = () => useQuery(clientConfigurationQuery);
export const useApplicationUrls = () => useQuery(applicationUrlsQuery);
export const usePreferences = () => useQuery(preferencesQuery);
export const useNotifications = () => useQuery(notificationsQuery);
export const useGroups = () => useQuery(groupsQuery);

/**
 * Saves some preference fields: the cache is updated at once (optimistic) and replaced by the
 * server's merged answer; a failed save restores what was there.
 */
export async function savePreferenceChanges(queryClient: QueryClient, changes: Partial<UserPreferences>): Promise<UserPreferences> {
  const before = queryClient.getQueryData<UserPreferences>(queryKeys.preferences);
  if (before !== undefined) queryClient.setQueryData<UserPreferences>(queryKeys.preferences, { ...before, ...changes });
  try {
    const saved = await savePreferences(changes);
    queryClient.setQueryData(queryKeys.preferences, saved);
    return saved;
  } catch (error) {
    if (before !== undefined) queryClient.setQueryData(queryKeys.preferences, before);
    throw error;
  }
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (changes: Partial<UserPreferences>) => savePreferenceChanges(queryClient, changes) });
}
